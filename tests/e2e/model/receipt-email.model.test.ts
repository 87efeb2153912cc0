import { describeModel } from './runner'
import { receiptEmailModel } from './receipt-email.model'

describeModel(receiptEmailModel)
