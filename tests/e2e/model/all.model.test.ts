/**
 * Every browser model of tests/e2e/model/models.ts in one pool of browser contexts (one model:
 * `npx vitest run --config vitest.model.config.ts -t "model: checkout"`).
 */
import { browserModels } from './models'
import { describeModels } from './runner'

describeModels(browserModels)
