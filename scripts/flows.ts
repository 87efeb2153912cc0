/**
 * CLI: every path the browser model suite generates, in words, grouped by machine, for QA to
 * walk by hand in the sandbox (`npm start`, with `?inspect` to watch the machine):
 *
 *   npm run flows [-- <machine name>…]
 *
 * Per machine: the shortest paths that reach each state and take each transition, plus the
 * longer ones the browser runs (marked `*`, replayed in Chromium by `npm test`'s model step,
 * tests/e2e/model), then the transitions no browser path can take, each with its reason. The
 * words come from the same two tables the browser suite uses (tests/e2e/model/*.model.ts).
 */
import { browserModels } from '../tests/e2e/model/models'
import { machineTransitions } from '../tests/harness/coverage'
import { generateModelPaths, modelLine, notInBrowserReason, pathInWords } from '../tests/harness/model'

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !browserModels.some((m) => m.name === name))
if (unknown.length > 0) {
  console.error(`flows: no browser model named ${unknown.join(', ')} (there are: ${browserModels.map((m) => m.name).join(', ')})`)
  process.exit(1)
}

console.log('* = replayed in Chromium by npm test (the model step). Walk any path on `npm start`; add ?inspect to the URL to watch the machine.')
for (const model of browserModels.filter((m) => wanted.length === 0 || wanted.includes(m.name))) {
  const plan = generateModelPaths(model)
  console.log(`\n${model.name}: ${plan.generated.length} paths, ${plan.selected.length} run in the browser`)
  for (const path of plan.generated) {
    console.log(`${plan.selected.includes(path) ? '*' : ' '} ${String(path.id).padStart(3)}. ${pathInWords(model, path)}`)
  }
  const taken = new Set(plan.generated.flatMap((p) => p.transitions))
  for (const t of machineTransitions(model.machine)) {
    const reason = taken.has(t.id) ? null : notInBrowserReason(model, t)
    if (reason) console.log(`  not in the browser: ${t.id}: ${reason}`)
  }
  console.log(`  (${modelLine(plan, plan.selected).replace('model paths: ', 'if every path passes: ')})`)
}
