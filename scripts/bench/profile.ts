/**
 * Reads a V8 .cpuprofile (what `node --cpu-prof` writes): nodes with a callFrame and children,
 * and the samples (a node id each, with the µs since the previous one). Self time is the time a
 * function was on top of the stack; total time the time it was anywhere on it (counted once per
 * sample however deep it recurses). Only the samples inside the load window count, so start-up
 * and shutdown do not hide the request path.
 */
import fs from 'node:fs'
import path from 'node:path'

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

export type FunctionTime = { name: string; group: string; location: string; self: number; total: number }

/** Which package (or part of the app, or of node) a script belongs to. */
export function groupOf(url: string, functionName: string) {
  if (!url) return /^\(.*\)$/.test(functionName) ? 'v8' : 'native'
  if (url.startsWith('node:')) return 'node'
  const file = url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const [first, second] = file.slice(modules + '/node_modules/'.length).split('/')
    return first.startsWith('@') ? `${first}/${second}` : first
  }
  const relative = path.relative(process.cwd(), file)
  if (relative.startsWith('build/server/')) return 'app (build/server)'
  return relative.startsWith('..') ? file : relative
}

function locationOf(frame: CallFrame) {
  if (!frame.url) return ''
  const file = frame.url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  const short = modules >= 0 ? file.slice(modules + '/node_modules/'.length) : file.startsWith('node:') ? file : path.relative(process.cwd(), file)
  return `${short}:${frame.lineNumber + 1}`
}

/** The newest, largest profile of process `pid` in `dir` (one file per thread). */
export function findProfile(dir: string, pid: number) {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.`))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)
  return files[0] ?? null
}

type Window = { fromUs: number; toUs: number }

/**
 * The samples inside the window [fromUs, toUs] (V8's monotonic clock, as process.hrtime), each as
 * its node and the ms it stands for; every sample when the window does not fit the profile.
 */
function windowSamples(profile: CpuProfile, window?: Window) {
  const windowed = Boolean(window && window.fromUs >= profile.startTime && window.toUs <= profile.endTime && window.toUs > window.fromUs)
  const samples: Array<{ id: number; ms: number }> = []
  let time = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0
    if (windowed && (time < window!.fromUs || time > window!.toUs)) continue
    samples.push({ id: profile.samples[i], ms: Math.max(0, profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000 })
  }
  return { windowed, samples }
}

/** Self and total time per function within the window (see windowSamples). */
export function analyzeProfile(file: string, window?: Window) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

  const functions = new Map<string, FunctionTime>()
  const keyOf = new Map<number, string>()
  for (const node of profile.nodes) {
    const frame = node.callFrame
    const name = frame.functionName || '(anonymous)'
    const key = `${name}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`
    keyOf.set(node.id, key)
    if (!functions.has(key)) functions.set(key, { name, group: groupOf(frame.url, name), location: locationOf(frame), self: 0, total: 0 })
  }
  // The distinct functions on each node's stack, computed once per node.
  const stacks = new Map<number, string[]>()
  const stackOf = (id: number): string[] => {
    let stack = stacks.get(id)
    if (!stack) {
      const up = parent.has(id) ? stackOf(parent.get(id)!) : []
      const key = keyOf.get(id)!
      stack = up.includes(key) ? up : [...up, key]
      stacks.set(id, stack)
    }
    return stack
  }

  const { windowed, samples } = windowSamples(profile, window)
  let sampled = 0
  let idle = 0
  for (const { id, ms: delta } of samples) {
    const leaf = functions.get(keyOf.get(id)!)!
    sampled += delta
    if (leaf.name === '(idle)') idle += delta
    leaf.self += delta
    for (const key of stackOf(id)) functions.get(key)!.total += delta
  }
  const list = [...functions.values()]
  const groups = new Map<string, number>()
  for (const fn of list) groups.set(fn.group, (groups.get(fn.group) ?? 0) + fn.self)
  return {
    windowed,
    sampledMs: sampled,
    idleMs: idle,
    bySelf: list.filter((fn) => fn.self > 0).sort((a, b) => b.self - a.self),
    // Node's and V8's frames (processTicksAndRejections, runMicrotasks, async_hooks …) sit under
    // every async call: left out here, as they would fill the table without saying anything.
    byTotal: list.filter((fn) => !['node', 'native', 'v8'].includes(fn.group)).sort((a, b) => b.total - a.total),
    byGroup: [...groups].map(([group, self]) => ({ group, self })).sort((a, b) => b.self - a.self),
  }
}

/** React's renderer recurses through a handful of its functions per element: folded, so the tree shows the components. */
const REACT_DOM_SHOWN = new Set(['performWork', 'flushCompletedQueues', 'writeChunk'])

export type FlameLine = { depth: number; name: string; group: string; percent: number }

/**
 * A flame graph as text: the call tree top-down (callers above callees), each line a function
 * with its share of the sampled time in the window, pruned below `minPercent`. Node's and V8's
 * frames (the event loop, promise jobs, async hooks) are skipped and their callees hung on the
 * nearest shown caller, so an async continuation (a loader resuming, React rendering on
 * setImmediate) starts a tree of its own instead of hiding under `processTicksAndRejections`; so
 * are react-dom's own recursive frames, so a render shows as its components.
 */
export function flameLines(file: string, window?: Window, minPercent = 2, maxDepth = 12): FlameLine[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map<number, number>()
  let sampled = 0
  for (const { id, ms } of windowSamples(profile, window).samples) {
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms)
    sampled += ms
  }
  const subtree = new Map<number, number>()
  const subtreeMs = (id: number): number => {
    let ms = subtree.get(id)
    if (ms === undefined) {
      ms = (selfMs.get(id) ?? 0) + (byId.get(id)!.children ?? []).reduce((sum, child) => sum + subtreeMs(child), 0)
      subtree.set(id, ms)
    }
    return ms
  }
  type Tree = { name: string; group: string; ms: number; children: Map<string, Tree> }
  const root: Tree = { name: '(all)', group: '', ms: 0, children: new Map() }
  const walk = (id: number, into: Tree) => {
    const { callFrame: frame, children = [] } = byId.get(id)!
    const name = frame.functionName || '(anonymous)'
    const group = groupOf(frame.url, name)
    let here = into
    if (!['node', 'native', 'v8'].includes(group) && (group !== 'react-dom' || REACT_DOM_SHOWN.has(name))) {
      const key = `${name}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`
      here = into.children.get(key) ?? { name, group, ms: 0, children: new Map() }
      into.children.set(key, here)
      here.ms += subtreeMs(id)
    }
    for (const child of children) walk(child, here)
  }
  walk(profile.nodes[0].id, root)
  const lines: FlameLine[] = []
  const shown = (tree: Tree) => [...tree.children.values()].filter((child) => sampled && (100 * child.ms) / sampled >= minPercent).sort((a, b) => b.ms - a.ms)
  const emit = (tree: Tree, depth: number) => {
    for (let child of shown(tree)) {
      const percent = (100 * child.ms) / sampled
      // A chain of frames that all hold (nearly) the same time is one line: `a › b › c`, with the
      // repeats of a recursion (React's render loop) said once.
      const names = [child.name]
      for (let next = shown(child); next.length === 1 && next[0].ms >= child.ms * 0.97; next = shown(child)) {
        child = next[0]
        if (!names.includes(child.name)) names.push(child.name)
      }
      lines.push({
        depth,
        name: names.length > 5 ? [...names.slice(0, 2), '…', ...names.slice(-2)].join(' › ') : names.join(' › '),
        group: child.group,
        percent,
      })
      if (depth + 1 < maxDepth) emit(child, depth + 1)
    }
  }
  emit(root, 0)
  return lines
}
