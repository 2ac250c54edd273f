-- wrk script: each request takes the next path from a file (one path a line), so a page type is
-- measured over many different rows, not one hot one. Optional extra request headers come as
-- further arguments 'Name: value'. At the end prints one JSON line (latencies in microseconds).
--   wrk -t1 -c10 -d10s -s rotate.lua http://127.0.0.1:4398 -- paths.txt ['Accept-Encoding: gzip']
local paths = {}
local index = 0
local headers = {}

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  for i = 2, #args do
    local name, value = args[i]:match('^([^:]+):%s*(.*)$')
    if name then headers[name] = value end
  end
  -- Threads start at different places in the list.
  index = math.random(#paths) - 1
end

function request()
  index = index % #paths + 1
  return wrk.format('GET', paths[index], headers)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
