import { describeModel } from './runner'
import { vivaModel } from './viva.model'

describeModel(vivaModel)
