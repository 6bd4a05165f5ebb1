/* Runs the compiled model at any N and H = W given on the command line:
 *   llh-opt model.mlir --lower-to-llvm --emit=obj -o model.o
 *   llh-opt model.mlir --lower-to-llvm --emit=header -o model.h
 *   cc main.c model.o -o run -lpthread -lm && ./run 2 160 160                              */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "model.h"

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? atoll(argv[1]) : 1;
  int64_t h = argc > 2 ? atoll(argv[2]) : 4;
  int64_t w = argc > 3 ? atoll(argv[3]) : h;
  int64_t count = n * 3 * h * w;
  float *data = malloc((size_t)count * sizeof(float));
  for (int64_t i = 0; i < count; ++i)
    data[i] = (float)(i % 7 - 3) * 0.25f;

  /* A dense row-major NCHW buffer: {allocated, aligned, offset, sizes, strides}. */
  llh_memref_4d_f32 input = {data, data, 0, {n, 3, h, w}, {3 * h * w, h * w, w, 1}};
  llh_memref_4d_f32 output;
  if (main_status(&output, &input) != 0) {
    /* e.g. "argument 0 dimension 3 (symbol s1): expected 160, got 161" */
    fprintf(stderr, "error: %s\n", llh_last_error());
    free(output.allocated); /* outputs of a failed call are empty, still owned by us */
    free(data);
    return 2;
  }
  printf("%" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 "\n", output.sizes[0], output.sizes[1],
         output.sizes[2], output.sizes[3]);
  for (int64_t i = 0; i < count; ++i)
    printf("%.9g\n", output.aligned[output.offset + i]);
  free(output.allocated); /* the callee malloc'ed the output: the caller frees it */
  free(data);
  return 0;
}
