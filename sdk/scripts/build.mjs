#!/usr/bin/env node
/**
 * `npm run build:sdk`: builds the `@tessera/sdk` package into sdk/dist with tsc alone (no bundler):
 *
 * 1. tsc -p sdk/tsconfig.build.json: ES2022 modules (.js) and declarations (.d.ts) of src/main.ts and
 *    src/server/index.ts and everything they import.
 * 2. Relative import specifiers get their file extension (`./transport` -> `./transport.js`,
 *    `../contract/api-v1` -> `../contract/api-v1/index.js`): Node, Deno and browsers resolve ESM
 *    specifiers literally.
 * 3. Declarations that import zod (the contract's schemas, and the SDK's `z.infer` types) are written out
 *    as plain types, expanded by the type checker from the very schemas the worker validates with; their
 *    schema values are dropped. The package therefore has no dependency, not even for its types.
 * 4. Only files reachable from the entries stay: the runtime graph of the .js entries (the contract's
 *    zod modules are imported for types only, so they drop out) and the graph of the .d.ts entries.
 * 5. Checks: no .js file imports anything but relative files, no .d.ts mentions zod, and the declarations
 *    type-check on their own with nothing from node_modules (as in a partner's project).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const SDK = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DIST = join(SDK, 'dist')
const require = createRequire(import.meta.url)
const ts = require('typescript')

const ENTRIES = ['src/main', 'src/server/index']

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

// 1. Compile.
rmSync(DIST, { recursive: true, force: true })
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(SDK, 'tsconfig.build.json')], { stdio: 'inherit' })

// 2. Extensions on relative specifiers (`from '...'`, `import '...'`, `import('...')`, `export ... from '...'`).
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g
function withExtension(file, spec) {
  if (/\.(m?js|json)$/.test(spec)) return spec
  const target = resolve(dirname(file), spec)
  if (existsSync(`${target}.js`) || existsSync(`${target}.d.ts`)) return `${spec}.js`
  if (existsSync(join(target, 'index.js')) || existsSync(join(target, 'index.d.ts'))) return `${spec}/index.js`
  throw new Error(`${relative(SDK, file)}: cannot resolve ${spec}`)
}
for (const file of walk(DIST)) {
  const text = readFileSync(file, 'utf8')
  const next = text.replace(SPECIFIER, (_, lead, quote, spec) => `${lead}${quote}${withExtension(file, spec)}${quote}`)
  if (next !== text) writeFileSync(file, next)
}

// 3. Plain types instead of zod-inferred ones. Only the types some other declaration uses are written
//    (the contract's operation tables and schema values are not the client's business).
const importsZod = (text) => /\bfrom\s*['"]zod(\/[^'"]*)?['"]|import\(\s*['"]zod/.test(text)
const dtsFiles = walk(DIST).filter((f) => f.endsWith('.d.ts'))
const zodDts = new Set(dtsFiles.filter((f) => importsZod(readFileSync(f, 'utf8'))))
if (zodDts.size) {
  const program = ts.createProgram([...zodDts], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  })
  const checker = program.getTypeChecker()
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed })
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.InTypeAlias | ts.NodeBuilderFlags.MultilineObjectLiterals | ts.NodeBuilderFlags.IgnoreErrors
  /** Names other declarations take from each zod file ('*': all). */
  const wanted = new Map([...zodDts].map((f) => [f, new Set()]))
  let grew = false
  const want = (from, spec, names) => {
    const target = resolve(dirname(from), spec).replace(/\.js$/, '.d.ts')
    const set = wanted.get(target)
    if (!set) return
    for (const n of names) {
      if (set.has(n)) continue
      set.add(n)
      grew = true
    }
  }
  /** Records what `text` (a declaration file's content) takes from zod files. */
  const scan = (file, text) => {
    for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
      want(file, m[2], m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]).filter(Boolean))
    }
    for (const m of text.matchAll(/export\s+(?:type\s+)?\*\s+from\s*['"](\.[^'"]+)['"]/g)) want(file, m[1], ['*'])
    for (const m of text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)\.(\w+)/g)) want(file, m[1], [m[2]])
  }
  for (const file of dtsFiles) if (!zodDts.has(file)) scan(file, readFileSync(file, 'utf8'))
  const output = new Map()
  const flatten = (file) => {
    const sf = program.getSourceFile(file)
    const set = wanted.get(file)
    const body = []
    for (const st of sf.statements) {
      if (ts.isExportDeclaration(st)) {
        body.push(st.getText(sf))
        continue
      }
      const exported = st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      if (!exported || !(ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st))) continue
      if (!set.has('*') && !set.has(st.name.text)) continue
      const type = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(st.name))
      const node = checker.typeToTypeNode(type, undefined, flags)
      const params = st.typeParameters ? `<${st.typeParameters.map((p) => p.getText(sf)).join(', ')}>` : ''
      const doc = ts
        .getJSDocCommentsAndTags(st)
        .filter(ts.isJSDoc)
        .map((d) => d.getText(sf))
        .join('\n')
      body.push(`${doc ? `${doc}\n` : ''}export type ${st.name.text}${params} = ${printer.printNode(ts.EmitHint.Unspecified, node, sf)};`)
    }
    // Imports that the written types still name (other modules' named types); zod's never are.
    const text = body.join('\n')
    // Recursive and shared types of the same file are written by name: write those too.
    for (const st of sf.statements) {
      if ((ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) && !set.has(st.name.text) && new RegExp(`\\b${st.name.text}\\b`).test(text)) {
        set.add(st.name.text)
        grew = true
      }
    }
    const imports = []
    for (const st of sf.statements) {
      if (!ts.isImportDeclaration(st) || /^['"]zod/.test(st.moduleSpecifier.getText(sf))) continue
      const named = st.importClause?.namedBindings
      if (!named || !ts.isNamedImports(named)) continue
      const used = named.elements.filter((e) => new RegExp(`\\b${e.name.text}\\b`).test(text))
      if (used.length) imports.push(`import type { ${used.map((e) => e.getText(sf).replace(/^type\s+/, '')).join(', ')} } from ${st.moduleSpecifier.getText(sf)};`)
    }
    const header = `// Generated by sdk/scripts/build.mjs from ${relative(DIST, file).replace(/\.d\.ts$/, '.ts')}: plain types, expanded from the zod contract.`
    return [header, ...imports, text].filter(Boolean).join('\n')
  }
  do {
    grew = false
    for (const file of zodDts) {
      output.set(file, flatten(file))
      scan(file, output.get(file))
    }
  } while (grew)
  for (const [file, text] of output) writeFileSync(file, `${text}\n`)
}

// 4. Keep what the entries reach.
function reach(entries) {
  const seen = new Set()
  const stack = [...entries]
  while (stack.length) {
    const file = stack.pop()
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), m[3])
      stack.push(file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target)
    }
  }
  return seen
}
const keep = new Set([...reach(ENTRIES.map((e) => join(DIST, `${e}.js`))), ...reach(ENTRIES.map((e) => join(DIST, `${e}.d.ts`)))])
for (const file of walk(DIST)) if (!keep.has(file)) rmSync(file)
for (const dir of walk(DIST).map(dirname)) if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true })

// 5. Checks.
const problems = []
for (const file of walk(DIST)) {
  const text = readFileSync(file, 'utf8')
  if (importsZod(text) || /\bz\.\w/.test(text)) problems.push(`${relative(SDK, file)} refers to zod`)
  if (file.endsWith('.js')) {
    for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) if (!m[1].startsWith('.')) problems.push(`${relative(SDK, file)} imports ${m[1]}`)
  }
}
// The declarations alone, as a partner's compiler sees them: nothing from node_modules, strict.
const host = ts.createCompilerHost({})
const fileExists = host.fileExists.bind(host)
host.fileExists = (f) => !f.includes('/node_modules/') || /\/typescript\/lib\//.test(f) ? fileExists(f) : false
const check = ts.createProgram(
  ENTRIES.map((e) => join(DIST, `${e}.d.ts`)),
  { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: [] },
  host,
)
for (const d of ts.getPreEmitDiagnostics(check)) {
  const where = d.file ? `${relative(SDK, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''
  problems.push(`${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}
if (problems.length) {
  console.error(`build:sdk failed:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
const files = walk(DIST)
console.log(`build:sdk: ${files.length} files in ${relative(process.cwd(), DIST) || '.'} (${files.filter((f) => f.endsWith('.js')).length} .js), no dependencies`)
