/**
 * CLI: every path the browser model suite generates, in words, grouped by machine, for QA to
 * walk by hand in the sandbox (`npm start`, with `?inspect` to watch the machine):
 *
 *   npm run flows [-- <machine name>…]
 *
 * Paths marked `*` are the ones `npm test` replays in Chromium (tests/e2e/model). The words
 * come from the same two tables the browser suite uses (tests/e2e/model/*.model.ts).
 */
import { browserModels } from '../tests/e2e/model/models'
import { generateModelPaths, pathInWords } from '../tests/harness/model'

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
}
