function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** A CSS hex colour from the `color` query (with or without '#'), or the fallback. */
export function hexColour(value: string | undefined, fallback = '#1a73e8'): string {
  const hex = (value ?? '').replace(/^#/, '')
  return /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex}` : fallback
}

/**
 * The simulated Viva Smart Checkout page: amount, merchant and three plain form buttons
 * (no script, so it works under any CSP). Each button POSTs to
 * `/sandbox/viva/checkout/{ref}/{approve|decline|cancel}`.
 */
export function vivaCheckoutPage(opts: { ref: string; colour: string; merchant: string; amount: string }): string {
  const ref = escapeHtml(opts.ref)
  const button = (outcome: string, label: string, primary: boolean) =>
    `<form method="post" action="/sandbox/viva/checkout/${ref}/${outcome}"><button type="submit" class="${primary ? 'primary' : ''}">${label}</button></form>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Viva Wallet checkout (sandbox)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f5f5; color: #1a1a1a; }
  header { background: ${opts.colour}; color: #fff; padding: 16px 24px; }
  main { max-width: 420px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  .amount { font-size: 2rem; font-weight: 700; margin: 8px 0 24px; }
  form { display: inline; }
  button { font: inherit; padding: 10px 18px; margin: 0 8px 8px 0; border-radius: 8px; border: 1px solid ${opts.colour}; background: #fff; color: ${opts.colour}; cursor: pointer; }
  button.primary { background: ${opts.colour}; color: #fff; }
  .note { color: #555; font-size: .85rem; }
</style>
</head>
<body>
<header><strong>Viva Wallet</strong> · sandbox checkout</header>
<main>
  <h1>Pay ${escapeHtml(opts.merchant)}</h1>
  <p class="amount" data-testid="amount">${escapeHtml(opts.amount)}</p>
  <p class="note">Order code ${ref}</p>
  ${button('approve', 'Approve', true)}
  ${button('decline', 'Decline', false)}
  ${button('cancel', 'Cancel', false)}
</main>
</body>
</html>`
}
