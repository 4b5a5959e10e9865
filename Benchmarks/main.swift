print("benchmarks: nothing yet")
