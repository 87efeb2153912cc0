// @vitest-environment node
/**
 * DESIGN.md's layer rules as `npm run lint` checks them: oxlint with the repository's own
 * `.oxlintrc.json` (`no-restricted-imports` per layer, `import/no-cycle`) runs over deliberate
 * violations written to a scratch folder inside the repository, laid out like the project
 * (the config's `files` globs are relative to the config file, so both are copied there).
 * Each violation must fail with its rule; the clean files must pass.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const OXLINT = join(REPO, 'node_modules', 'oxlint', 'bin', 'oxlint')

const RESTRICTED = 'eslint(no-restricted-imports)'
const CYCLE = 'import(no-cycle)'

/** Probe files (path relative to the scratch root → source) and the rule each must break, null for none. */
const probes: { file: string; source: string; breaks: string | null; why: string }[] = [
  { file: 'machines/probe/probe.machine.ts', source: "import { useState } from 'react'\nexport const probe = useState\n", breaks: RESTRICTED, why: 'a machine importing React' },
  { file: 'machines/probe/fetching.machine.ts', source: "import { getShop } from '../../src/api/endpoints/shop'\nexport const probe = getShop\n", breaks: RESTRICTED, why: 'a machine importing src/api by a relative path' },
  { file: 'machines/probe/clean.machine.ts', source: "import { setup } from 'xstate'\nimport { formatMoney } from '@/domain/money'\nimport { actionNotProvided } from '../shared/not-provided'\nexport const probe = [setup, formatMoney, actionNotProvided]\n", breaks: null, why: 'a machine importing xstate, src/domain and machines/shared' },
  { file: 'src/views/probe/probe.view.tsx', source: "import { createPlatformApi } from '@/api/client'\nexport const probe = createPlatformApi\n", breaks: RESTRICTED, why: 'a view importing src/api' },
  { file: 'src/views/probe/services.view.tsx', source: "import { createShopServices } from '../../services/shop.services'\nexport const probe = createShopServices\n", breaks: RESTRICTED, why: 'a view importing src/services' },
  { file: 'src/ui/probe.tsx', source: "import { getAuth } from 'firebase/auth'\nexport const probe = getAuth\n", breaks: RESTRICTED, why: 'a ui primitive importing firebase' },
  { file: 'src/views/probe/clean.view.tsx', source: "import { useSelector } from '@xstate/react'\nimport { formatMoney } from '@/domain/money'\nimport type { ShopGateActor } from '@machines/shop-gate/shop-gate.machine'\nexport type Probe = ShopGateActor\nexport const probe = [useSelector, formatMoney]\n", breaks: null, why: 'a view importing @xstate/react, src/domain and a machine type' },
  { file: 'src/services/probe.ts', source: "import ky from 'ky'\nexport const probe = ky\n", breaks: RESTRICTED, why: 'ky outside src/api' },
  { file: 'src/api/probe.ts', source: "import ky from 'ky'\nexport const probe = ky\n", breaks: null, why: 'ky inside src/api' },
  { file: 'src/services/route-user.ts', source: "import { Route } from '@/routes/download'\nexport const probe = Route\n", breaks: RESTRICTED, why: 'a file importing a route' },
  { file: 'tests/probe.test.ts', source: "import { Route } from '../src/routes/download'\nexport const probe = Route\n", breaks: RESTRICTED, why: 'a test importing a route' },
  { file: 'src/domain/probe.ts', source: "import * as v from 'valibot'\nexport const probe = v\n", breaks: RESTRICTED, why: 'src/domain importing a package' },
  { file: 'src/i18n/probe.ts', source: "import { demoShops } from '../../sandbox/fixtures'\nexport const probe = demoShops\n", breaks: RESTRICTED, why: 'src importing sandbox' },
  { file: 'src/views/probe/probe.view.test.tsx', source: "import { demoShops } from '../../../sandbox/fixtures'\nexport const probe = demoShops\n", breaks: RESTRICTED, why: 'a src test importing sandbox' },
  { file: 'src/views/probe/fixture.view.test.tsx', source: "import { shopData } from '@tests/fixtures/shop'\nexport const probe = shopData\n", breaks: null, why: 'a src test importing tests/' },
  { file: 'src/services/fixture-user.ts', source: "import { shopData } from '@tests/fixtures/shop'\nexport const probe = shopData\n", breaks: RESTRICTED, why: 'src (not a test) importing tests/' },
  { file: 'src/api/schemas/probe.schema.ts', source: "import { z } from 'zod/mini'\nexport const probe = z\n", breaks: RESTRICTED, why: 'zod in src' },
  // A two-file cycle through the `@/` alias, in a layer that allows both imports.
  { file: 'src/domain/cycle-a.ts', source: "import { b } from '@/domain/cycle-b'\nexport const a = (): number => b() + 1\n", breaks: CYCLE, why: 'a two-file cycle (first file)' },
  { file: 'src/domain/cycle-b.ts', source: "import { a } from './cycle-a'\nexport const b = (): number => (a.length > 0 ? 0 : 1)\n", breaks: CYCLE, why: 'a two-file cycle (second file)' },
]

interface Diagnostic {
  code: string
  filename: string
  help?: string
}

let scratch = ''
let diagnostics: Diagnostic[] = []
let exitCode = 0

beforeAll(async () => {
  // Inside the repository so packages resolve from its node_modules; git-ignored (`lint-probe-*`).
  scratch = mkdtempSync(join(REPO, 'lint-probe-'))
  copyFileSync(join(REPO, '.oxlintrc.json'), join(scratch, '.oxlintrc.json'))
  copyFileSync(join(REPO, 'tsconfig.json'), join(scratch, 'tsconfig.json'))
  for (const probe of probes) {
    mkdirSync(dirname(join(scratch, probe.file)), { recursive: true })
    writeFileSync(join(scratch, probe.file), probe.source)
  }
  // The files are named one by one: oxlint does not walk a git-ignored folder.
  const args = [OXLINT, '-c', '.oxlintrc.json', '--tsconfig', 'tsconfig.json', '-f', 'json', ...probes.map((p) => p.file)]
  const { stdout, code } = await promisify(execFile)(process.execPath, args, { cwd: scratch }).then(
    (r) => ({ stdout: r.stdout, code: 0 }),
    (e: { stdout?: string; code?: number }) => ({ stdout: e.stdout ?? '', code: e.code ?? 1 }),
  )
  exitCode = code
  diagnostics = (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics
}, 60_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('layer rules (oxlint, .oxlintrc.json)', () => {
  it('fails the lint run when any rule is broken', () => {
    expect(exitCode).toBe(1)
  })

  it.each(probes)('$why: $file → $breaks', ({ file, breaks }) => {
    const codes = diagnostics.filter((d) => d.filename === file && d.code !== 'eslint(no-unused-vars)').map((d) => d.code)
    expect(codes).toEqual(breaks === null ? [] : [breaks])
  })

  it('says which layer rule was broken', () => {
    const help = diagnostics.find((d) => d.filename === 'machines/probe/probe.machine.ts')?.help
    expect(help).toMatch(/machines\/ imports only xstate/)
  })
})
