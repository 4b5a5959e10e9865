-- wrk script for the server example (Examples/Server): each request asks /hello/<user> with an
-- X-Request-ID of its own, and each response must show that id everywhere the handler read its
-- request's context (GreetingPage: "request <id>: seen <id> <id> ..."). A response where one of
-- them differs saw another request's values, and is counted as a mismatch.
--
-- wrk -t1 -c64 -d15s -s scripts/server-isolation.lua http://127.0.0.1:PORT
-- ends with one line for scripts/server_load.py:
-- RESULT requests=N duration_us=N non2xx=N socket_errors=N checked=N mismatches=N p50_us=N p99_us=N

local threads = {}
local users = { "ada", "grace", "alan", "barbara" }

function setup(thread)
  table.insert(threads, thread)
  thread:set("number", #threads)
end

function init(args)
  prefix = "t" .. number .. "-"
  sent = 0
  checked = 0
  mismatches = 0
end

function request()
  sent = sent + 1
  local user = users[sent % #users + 1]
  return wrk.format("GET", "/hello/" .. user, { ["X-Request-ID"] = prefix .. sent })
end

function response(status, headers, body)
  if status ~= 200 then
    return -- wrk counts the responses that are not 2xx or 3xx itself
  end
  checked = checked + 1
  local id, seen = body:match("^request (%S+): seen ([^\n]*)")
  if id == nil or id:sub(1, #prefix) ~= prefix then
    mismatches = mismatches + 1
    return
  end
  for value in seen:gmatch("%S+") do
    if value ~= id then
      mismatches = mismatches + 1
      return
    end
  end
end

function done(summary, latency, requests)
  local total_checked, total_mismatches = 0, 0
  for _, thread in ipairs(threads) do
    total_checked = total_checked + thread:get("checked")
    total_mismatches = total_mismatches + thread:get("mismatches")
  end
  local errors = summary.errors
  io.write(string.format(
    "RESULT requests=%d duration_us=%d non2xx=%d socket_errors=%d checked=%d mismatches=%d"
      .. " p50_us=%d p99_us=%d\n",
    summary.requests, summary.duration, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    total_checked, total_mismatches, latency:percentile(50), latency:percentile(99)))
end
