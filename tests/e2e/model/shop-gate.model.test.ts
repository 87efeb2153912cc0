import { describeModel } from './runner'
import { shopGateModel } from './shop-gate.model'

describeModel(shopGateModel)
