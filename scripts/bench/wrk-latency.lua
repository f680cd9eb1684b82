-- Prints wrk's whole latency histogram after its report, so the bench can pool the samples of
-- several runs and take one p99 over all of them (load-generator.mjs). Each line is a latency
-- in microseconds and how many samples had it, after wrk's coordinated-omission correction.
done = function(summary, latency, requests)
  io.write("latency-histogram\n")
  for i = 1, #latency do
    local us, count = latency(i)
    io.write(us, " ", count, "\n")
  end
  io.write("latency-histogram-end\n")
end
