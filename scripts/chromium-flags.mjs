// The flags every Chromium of ours starts with (end-to-end tests, benchmarks): this machine has no
// internet, and without them Chromium keeps trying to reach Google's services, many connections
// at a time, which are refused.
export const OFFLINE_CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
