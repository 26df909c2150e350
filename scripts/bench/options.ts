/** `npm run bench -- [options]`: the options, their defaults and `--help`. */

export type Options = {
  scale: number
  loads: number
  seconds: number
  warmup: number
  concurrency: number
  rounds: number
  only: string | null
  port: number
  baselinePort: number
  pgPort: number
  dataDir: string
  memoryRequests: number
  importRows: number
  importOnly: boolean
  chatStreams: number
  chatOnly: boolean
  payOnly: boolean
  payDrivers: number
  payLoads: number
  checkoutOnly: boolean
  checkoutBuyers: number
  files: number
  zipFiles: number
  filesOnly: boolean
  profile: boolean
  profileDir: string
  gzip: boolean
  keepData: boolean
  skipJs: boolean
  soak: number
  soakInterval: number
  soakStreams: number
  soakSlow: number
}

const DEFAULTS: Options = {
  scale: 50,
  loads: 0,
  seconds: 3,
  warmup: 1,
  concurrency: 8,
  rounds: 2,
  only: null,
  port: 3200,
  baselinePort: 0,
  pgPort: 54332,
  dataDir: '.data/bench',
  memoryRequests: 20_000,
  importRows: 20_000,
  importOnly: false,
  chatStreams: 1000,
  chatOnly: false,
  payOnly: false,
  payDrivers: 200,
  payLoads: 20_000,
  checkoutOnly: false,
  checkoutBuyers: 8,
  files: 0,
  zipFiles: 500,
  filesOnly: false,
  profile: false,
  profileDir: '',
  gzip: false,
  keepData: false,
  skipJs: false,
  soak: 0,
  soakInterval: 30,
  soakStreams: 50,
  soakSlow: 1000,
}

export const HELP = `npm run bench -- [options]

Measures, never asserts. Starts its own embedded PostgreSQL with the demo data, N×100 extra
trucks and the bench user's chat and mail (30 conversations, 200 messages per inbox), the production app (build it first; the bench builds when build/ is missing) and a bare
node:http + pg baseline doing the same database work, then prints:
  1. first-load JavaScript per route (from the client manifest), flagged over 150 KiB gzip;
  2. response sizes of the pages (raw and gzip) and a parity check of the API answers;
  3. per scenario, interleaved rounds app, baseline, app, baseline…: req/s, p50, p97.5, ratio;
  4. the app's RSS before and after N mixed requests, and the peak;
  5. a CSV import of 20,000 loads (the documented maximum) through the API, dry run and import:
     time and the serving process's peak memory in each request;
  6. 1,000 chat event streams open on the app and one message posted: memory per open stream
     (RSS and live heap), one more refused by CHAT_STREAMS_PER_SERVER (set to N), and the time
     until the last stream has the message;
  7. "run pay for the period" (POST /api/settlements/run) for 200 drivers and 20,000 delivered
     loads seeded by SQL: time, drafts and lines made;
  8. checkout under 8 concurrent buyers for --seconds × --rounds: orders/s, p50/p97.5 of
     POST /api/checkout, errors, and whether stock fell by exactly the ordered quantity;
  9. with --files N or --files-only: the files manager over N stored files (200,000 with
     --files-only), page 1 and page 2,000 of the page and of GET /api/files, a search, the file
     dashboard; a ZIP of 500 stored files: time and the serving process's peak memory.
With --soak MINUTES, instead of all that: the app alone under a mixed load for MINUTES (pages,
API reads and writes, sign-ins, invoice PDFs and packets, /api/docs, chat messages and event
streams opened and closed, an email to the SMTP receiver every 10 s, slow connections), and a
line per --soak-interval with its live heap after a full collection, heap used, RSS and open
connections; then whether the live heap levelled off (ADR 086).

  --scale N            N×100 extra trucks (default ${DEFAULTS.scale}: 5,040 trucks)
  --loads N            N generated loads with their stops and charges, streamed through COPY
                       (1000000, then 10000000: ADR 025 and 073); adds the loads scenarios and a
                       table of their latency beside the other sizes run, with the database's size
  --seconds S          measured seconds per window (default ${DEFAULTS.seconds}; --profile: 10)
  --warmup S           unmeasured seconds per scenario and server first (default ${DEFAULTS.warmup})
  --concurrency C      concurrent clients, one connection each (default ${DEFAULTS.concurrency})
  --rounds R           app/baseline windows per scenario (default ${DEFAULTS.rounds})
  --only TEXT          only scenarios whose name contains TEXT (e.g. "api", "list page", "chat", "mail");
                       several texts separated by | (e.g. "truck list page|GET /api/trucks|chat")
  --memory-requests N  mixed requests for the memory check (default 20000; 0 skips it)
  --import-rows N      rows of the import measurement (default 20000; 0 skips it)
  --import-only        only the import measurement (no JavaScript table, pages or throughput)
  --chat-streams N     open chat event streams of the live-chat measurement (default 1000; 0 skips it)
  --chat-only          only the live-chat measurement
  --pay-drivers N      drivers of the pay run (default ${DEFAULTS.payDrivers}; 0 skips it)
  --pay-loads N        delivered loads in its period (default ${DEFAULTS.payLoads})
  --pay-only           only the pay run measurement
  --checkout-buyers N  concurrent buyers of the checkout measurement (default ${DEFAULTS.checkoutBuyers}; 0 skips it)
  --checkout-only      only the checkout measurement
  --files N            stored files seeded for the files manager measurement (default 0: skipped)
  --zip-files N        files in its ZIP (default ${DEFAULTS.zipFiles}; 0 skips the ZIP)
  --files-only         only the files manager measurement (200,000 files unless --files says)
  --gzip               clients send Accept-Encoding: gzip (both servers then compress)
  --skip-js            no first-load JavaScript table
  --profile            CPU profile instead: the app under node --cpu-prof, the list page scenario
                       (or --only's) for --seconds, then the top functions by self and total time
  --profile-dir DIR    where the .cpuprofile goes (default <data-dir>/profiles)
  --port P             the app's port (default ${DEFAULTS.port}); the baseline's is --baseline-port (P+1)
  --baseline-port P
  --pg-port P          the embedded PostgreSQL's port (default ${DEFAULTS.pgPort})
  --data-dir DIR       the bench's database folder (default ${DEFAULTS.dataDir}; wiped each run)
  --keep-data          reuse the database in --data-dir when it holds the same fleet (no re-seed)
  --soak MINUTES       the soak above instead of the measurements (e.g. --soak 30)
  --soak-interval S    seconds between its lines (default ${DEFAULTS.soakInterval})
  --soak-streams N     chat event streams kept opening and closing (default ${DEFAULTS.soakStreams})
  --soak-slow N        slow connections kept open (default ${DEFAULTS.soakSlow})
  --help
`

export function parseOptions(argv: string[]): Options | 'help' {
  const options = { ...DEFAULTS }
  let secondsGiven = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${arg} needs a value`)
      return next
    }
    const number = () => {
      const parsed = Number(value())
      if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${arg} takes a number ≥ 0`)
      return parsed
    }
    switch (arg) {
      case '--help':
      case '-h':
        return 'help'
      case '--scale':
        options.scale = number()
        break
      case '--loads':
        options.loads = Math.floor(number())
        break
      case '--seconds':
        options.seconds = number()
        secondsGiven = true
        break
      case '--warmup':
        options.warmup = number()
        break
      case '--concurrency':
        options.concurrency = Math.max(1, Math.floor(number()))
        break
      case '--rounds':
        options.rounds = Math.max(1, Math.floor(number()))
        break
      case '--only':
        options.only = value().toLowerCase()
        break
      case '--memory-requests':
        options.memoryRequests = Math.floor(number())
        break
      case '--import-rows':
        options.importRows = Math.floor(number())
        break
      case '--import-only':
        options.importOnly = true
        break
      case '--chat-streams':
        options.chatStreams = Math.floor(number())
        break
      case '--chat-only':
        options.chatOnly = true
        break
      case '--pay-drivers':
        options.payDrivers = Math.floor(number())
        break
      case '--pay-loads':
        options.payLoads = Math.floor(number())
        break
      case '--pay-only':
        options.payOnly = true
        break
      case '--checkout-buyers':
        options.checkoutBuyers = Math.floor(number())
        break
      case '--checkout-only':
        options.checkoutOnly = true
        break
      case '--files':
        options.files = Math.floor(number())
        break
      case '--zip-files':
        options.zipFiles = Math.floor(number())
        break
      case '--files-only':
        options.filesOnly = true
        break
      case '--gzip':
        options.gzip = true
        break
      case '--skip-js':
        options.skipJs = true
        break
      case '--profile':
        options.profile = true
        break
      case '--profile-dir':
        options.profileDir = value()
        break
      case '--port':
        options.port = number()
        break
      case '--baseline-port':
        options.baselinePort = number()
        break
      case '--pg-port':
        options.pgPort = number()
        break
      case '--data-dir':
        options.dataDir = value()
        break
      case '--keep-data':
        options.keepData = true
        break
      case '--soak':
        options.soak = number()
        break
      case '--soak-interval':
        options.soakInterval = Math.max(5, number())
        break
      case '--soak-streams':
        options.soakStreams = Math.floor(number())
        break
      case '--soak-slow':
        options.soakSlow = Math.floor(number())
        break
      default:
        throw new Error(`unknown option ${arg} (see --help)`)
    }
  }
  if (options.profile && !secondsGiven) options.seconds = 10
  if (options.filesOnly && options.files === 0) options.files = 200_000
  options.baselinePort ||= options.port + 1
  options.profileDir ||= `${options.dataDir}/profiles`
  return options
}
