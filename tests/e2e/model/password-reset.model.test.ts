import { describeModel } from './runner'
import { passwordResetModel } from './password-reset.model'

describeModel(passwordResetModel)
