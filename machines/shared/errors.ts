/**
 * How machines read a failure from an actor without knowing the HTTP layer (DESIGN.md: machines
 * import only xstate and src/domain). The api layer's ApiError carries these fields; anything
 * else is treated as an unknown failure.
 */
export interface FailureInfo {
  /** ApiError kind ('notFound', 'network', 'outOfStock', …) or 'unknown'. */
  kind: string
  /** HTTP status, null when the server was not reached. */
  status: number | null
  /**
   * The server's own words, for texts like 'An error occurred, please try again: {message}': a
   * JSON error body's `name`, else the answer's text (SPEC §8); null when it said nothing. Never
   * the HTTP layer's own description of the failure, which is English for logs.
   */
  message: string | null
  /** The error answer's own text as it came, null when the server sent none (no fallback). */
  serverMessage: string | null
  /** The `name` a JSON error body gave, at any status (SPEC §8 `{name}`); null without one. */
  serverName: string | null
  /** OUT_OF_STOCK: article id → units remaining (SPEC §8). */
  stock: Record<string, number> | null
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : undefined
}

/** Non-blank text, else null; a markup page (a proxy's HTML error page) is no words for a customer. */
function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && !value.trimStart().startsWith('<') ? value : null
}

/** Reads a rejected actor's error (ApiError or any thrown value) into a FailureInfo. Never throws. */
export function failureOf(error: unknown): FailureInfo {
  const kind = field(error, 'kind')
  const status = field(error, 'status')
  const serverMessage = text(field(error, 'serverMessage'))
  const serverName = text(field(error, 'serverName'))
  const stock = field(error, 'stock')
  return {
    kind: typeof kind === 'string' ? kind : 'unknown',
    status: typeof status === 'number' ? status : null,
    message: serverName ?? serverMessage,
    serverMessage,
    serverName,
    stock: stock !== null && typeof stock === 'object' ? (stock as Record<string, number>) : null,
  }
}
