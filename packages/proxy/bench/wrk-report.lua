-- wrk script for proxy-bench.ts. Arguments: the request path, then "distinct" to append a
-- counter to it (a new number on every request). At the end it writes the run as one JSON line.
local path, distinct
local n = 0

function init(args)
  path = args[1]
  distinct = args[2] == "distinct"
end

function request()
  if not distinct then return wrk.format("GET", path) end
  n = n + 1
  return wrk.format("GET", path .. n)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
