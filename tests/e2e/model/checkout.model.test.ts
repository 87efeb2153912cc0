import { describeModel } from './runner'
import { checkoutModel } from './checkout.model'

describeModel(checkoutModel)
