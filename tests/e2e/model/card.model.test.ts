import { describeModel } from './runner'
import { cardModel } from './card.model'

describeModel(cardModel)
