import { describeModel } from './runner'
import { swishModel } from './swish.model'

describeModel(swishModel)
