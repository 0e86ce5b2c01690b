// Sign a participant in to the embedded widgets from your own session: issue a short-lived identity
// token on your server and hand it to the page (Tessera('signInWithIdentityToken', token), see
// docs/embedding.md). Needs the program's identity secret (console: Settings, Integrations).
//   TESSERA_URL=https://loyalty.example.com TESSERA_API_KEY=tsk_... node identity-token.mjs cust-42
import { createServerClient } from '@tessera/sdk/server'

const [customer] = process.argv.slice(2)
if (!customer) {
  console.error('usage: node identity-token.mjs <external_id or email>')
  process.exit(64)
}

const tessera = createServerClient({ apiKey: process.env.TESSERA_API_KEY, baseUrl: process.env.TESSERA_URL })
const token = await tessera.identityTokens.create({ ...(customer.includes('@') ? { email: customer } : { external_id: customer }), expires_in: 120 })
console.log(JSON.stringify(token))
