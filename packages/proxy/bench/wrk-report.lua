-- wrk script for proxy-bench.ts. Arguments: the request path, then "distinct" to append a
-- counter to it (a new number on every request), then the name of the header the elements send
-- (set to 1 on every request). At the end it writes the run as one JSON line.
local path, distinct, headers
local n = 0

function init(args)
  path = args[1]
  distinct = args[2] == "distinct"
  headers = { [args[3]] = "1" }
end

function request()
  if not distinct then return wrk.format("GET", path, headers) end
  n = n + 1
  return wrk.format("GET", path .. n, headers)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
