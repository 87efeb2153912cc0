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
  /** The server's message, for texts like 'An error occurred, please try again: {message}'. */
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

/** Reads a rejected actor's error (ApiError or any thrown value) into a FailureInfo. Never throws. */
export function failureOf(error: unknown): FailureInfo {
  const kind = field(error, 'kind')
  const status = field(error, 'status')
  const serverMessage = field(error, 'serverMessage')
  const message = serverMessage ?? field(error, 'message')
  const stock = field(error, 'stock')
  const serverName = field(error, 'serverName')
  return {
    kind: typeof kind === 'string' ? kind : 'unknown',
    status: typeof status === 'number' ? status : null,
    message: typeof message === 'string' && message.trim() !== '' ? message : null,
    serverMessage: typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : null,
    serverName: typeof serverName === 'string' && serverName.trim() !== '' ? serverName : null,
    stock: stock !== null && typeof stock === 'object' ? (stock as Record<string, number>) : null,
  }
}
