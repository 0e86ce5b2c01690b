// Award points for an order, exactly once: the order id is the Idempotency-Key, so running this again
// (a retried job, a webhook delivered twice) answers the first result instead of paying twice.
//   TESSERA_URL=https://loyalty.example.com TESSERA_API_KEY=tsk_... node award-points.mjs cust-42 120 1001
import { createServerClient, TesseraApiError } from '@tessera/sdk/server'

const [customer, amount, orderId] = process.argv.slice(2)
if (!customer || !amount || !orderId) {
  console.error('usage: node award-points.mjs <external_id or email> <points> <order id>')
  process.exit(64)
}

const tessera = createServerClient({ apiKey: process.env.TESSERA_API_KEY, baseUrl: process.env.TESSERA_URL })

try {
  const participant = await tessera.participants.lookup(customer.includes('@') ? { email: customer } : { external_id: customer })
  if (!participant) {
    console.error(`No participant ${customer}: create it first (sync-participant.mjs)`)
    process.exit(1)
  }

  const { entry, participant: after } = await tessera.points.earn(
    participant.id,
    { amount: Number(amount), reason: `Order ${orderId}` },
    { idempotencyKey: `order-${orderId}` },
  )

  // The latest ledger entries, page by page as the loop asks (stop whenever you like).
  const recent = []
  for await (const e of tessera.ledger.iterate(participant.id, { limit: 10 })) {
    recent.push({ delta: e.delta, title: e.title })
    if (recent.length === 5) break
  }
  console.log(JSON.stringify({ entry, balance: after.points_balance, recent }))
} catch (err) {
  if (err instanceof TesseraApiError) {
    // code is stable (not_found, validation_failed, rate_limited, ...); requestId helps support.
    console.error(`${err.name} ${err.status} ${err.code}: ${err.message} (request ${err.requestId ?? '-'})`, err.fields ?? '')
    process.exit(1)
  }
  throw err
}
