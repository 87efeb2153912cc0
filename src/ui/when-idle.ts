/**
 * The idle-loading helpers' former home, kept so the files that import it from here keep
 * working: they now live in `src/perf/idle.ts` and `src/perf/paint-hold.ts`. Remove once
 * every import points there.
 */
export { IDLE_TIMEOUT_MS, whenIdle, whenIdleLoaded, useIdleLoaded } from '@/perf/idle'
