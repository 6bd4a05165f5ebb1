/* C driver for a compiled ResNet-18 (tools/gen_resnet18.py → llh-opt --lower-to-llvm --emit=obj):
 *   resnet18_driver N H W input.f32 output.f32
 * reads an N x 3 x H x W float32 input (raw, row-major), runs `main` once, writes the N x 1000
 * logits (raw float32) and prints their shape. A wrong input shape exits with status 2 and the
 * compiled model's message. Built by the end-to-end test with `cc resnet18_driver.c model.o -lm`. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[4];
  int64_t strides[4];
} memref_4d_f32;

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
} memref_2d_f32;

int32_t main_status(memref_2d_f32 *result, memref_4d_f32 *input);
const char *llh_last_error(void);

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s N H W input.f32 output.f32\n", argv[0]);
    return 1;
  }
  int64_t n = atoll(argv[1]), h = atoll(argv[2]), w = atoll(argv[3]);
  size_t count = (size_t)(n * 3 * h * w);
  float *data = malloc(count * sizeof(float));
  FILE *in = fopen(argv[4], "rb");
  if (!data || !in || fread(data, sizeof(float), count, in) != count) {
    fprintf(stderr, "cannot read %zu floats from %s\n", count, argv[4]);
    return 1;
  }
  fclose(in);
  memref_4d_f32 input = {data, data, 0, {n, 3, h, w}, {3 * h * w, h * w, w, 1}};
  memref_2d_f32 logits;
  if (main_status(&logits, &input) != 0) {
    fprintf(stderr, "error: %s\n", llh_last_error());
    free(logits.allocated);
    free(data);
    return 2;
  }
  int64_t rows = logits.sizes[0], cols = logits.sizes[1];
  FILE *out = fopen(argv[5], "wb");
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      float v = logits.aligned[logits.offset + i * logits.strides[0] + j * logits.strides[1]];
      fwrite(&v, sizeof(float), 1, out);
    }
  fclose(out);
  printf("%" PRId64 " %" PRId64 "\n", rows, cols);
  free(logits.allocated);
  free(data);
  return 0;
}
