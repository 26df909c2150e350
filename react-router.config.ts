import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The whole route manifest ships with the first load (~3.5 KiB gzip, cached): no /__manifest
  // request before each navigation (issue 11).
  routeDiscovery: { mode: 'initial' },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
