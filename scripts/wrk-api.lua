-- wrk script for sijil serve's record list: each request is the next of a
-- rotating mix of searches (text, facets, dates, places, pages), as
-- BenchmarkAPILoad in cmd/sijil sends them. Non-200 answers are counted and
-- printed at the end.
--
--   wrk -t2 -c64 -d30s --latency -s scripts/wrk-api.lua http://127.0.0.1:8740

local queries = {
  "", "q=shelling+Hodeidah", "q=funeral+children", "q=%22car+bomb%22", "q=Taiz+OR+Mocha",
  "q=rubble+-houthi", "q=Aleppo", "q=Kharkiv+explosion", "q=protesters+banners&country=IQ",
  "country=YE&event=shelling", "agency=AFP&from=2017&to=2017", "country=SY&killed_min=10",
  "admin1=Taiz", "event=funeral&country=IQ", "country=UA&from=2022-03&to=2022-06",
  "place=Aleppo", "place=Kharkiv&event=explosion", "near=36.2,37.15,25",
  "agency=Reuters&event=airstrike&limit=20", "q=wounded&from=2015&to=2016&limit=100",
  "country=SY&from=2016-11&to=2016-12", "event=protest&limit=10",
}

local counter = 0
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = id * 7
  failed = 0
end

function request()
  counter = counter + 1
  return wrk.format("GET", "/api/v1/records?" .. queries[(counter % #queries) + 1])
end

function response(status, headers, body)
  if status ~= 200 then
    failed = failed + 1
  end
end

function done(summary, latency, requests)
  local failed = 0
  for _, t in ipairs(threads) do
    failed = failed + t:get("failed")
  end
  io.write(string.format("non-200 responses: %d; socket errors: %d connect, %d read, %d write, %d timeout\n",
    failed, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
