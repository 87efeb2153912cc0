/**
 * The one way routes get provided machines (STYLE.md §4: services injected through the router
 * context): `providedOnce(build)` returns a function that builds its value for an owner object
 * (the router context's AppServices) on the first call and hands back the same value after, so a
 * machine keeps its identity across renders (`useActorRef` then starts one actor per mount) and
 * tests with their own fake services get their own machines.
 */
export function providedOnce<TOwner extends object, TValue>(build: (owner: TOwner) => TValue): (owner: TOwner) => TValue {
  const built = new WeakMap<TOwner, TValue>()
  return (owner) => {
    if (built.has(owner)) return built.get(owner) as TValue
    const value = build(owner)
    built.set(owner, value)
    return value
  }
}
