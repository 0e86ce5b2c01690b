import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { readBootstrap } from './lib/bootstrap'
import { applyTheme, storedTheme } from './lib/theme'
import './styles/global.css'

applyTheme(storedTheme())

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App bootstrap={readBootstrap()} />
  </StrictMode>,
)
