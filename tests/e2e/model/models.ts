/** Every browser model: all.model.test.ts replays them, `npm run flows` words their paths. */
import type { BrowserModel } from '@tests/harness/model'
import { bookkeepingCallbackModel } from './bookkeeping-callback.model'
import { cardModel } from './card.model'
import { checkoutModel } from './checkout.model'
import { companyCardPaymentModel } from './company-card-payment.model'
import { integrationLinkModel } from './integration-link.model'
import { passwordResetModel } from './password-reset.model'
import { productDialogModel } from './product-dialog.model'
import { productSelectionModel } from './product-selection.model'
import { receiptEmailModel } from './receipt-email.model'
import { receiptPdfModel } from './receipt-pdf.model'
import { sessionModel } from './session.model'
import { shopGateModel } from './shop-gate.model'
import { swishModel } from './swish.model'
import { vivaModel } from './viva.model'

// The company card payment first: its paths wait for 5 s polls, so they run beside the others'
// rather than last, when the pool's other slot would have nothing left to run.
export const browserModels: readonly BrowserModel[] = [
  companyCardPaymentModel,
  shopGateModel,
  sessionModel,
  checkoutModel,
  swishModel,
  vivaModel,
  cardModel,
  passwordResetModel,
  receiptEmailModel,
  integrationLinkModel,
  bookkeepingCallbackModel,
  receiptPdfModel,
  productSelectionModel,
  productDialogModel,
]
