/* Runs a fuzz harness over saved inputs (corpus files and crash regressions) without
 * libFuzzer, so every build's ctest replays them: replay_<target> FILE_OR_DIR... */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  static uint8_t buf[1 << 20];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  /* a private copy of exactly n bytes, so that ASan sees reads past the end */
  uint8_t *copy = malloc(n ? n : 1);
  memcpy(copy, buf, n);
  LLVMFuzzerTestOneInput(copy, n);
  free(copy);
  return 1;
}

int main(int argc, char **argv) {
  int count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) continue;
    if (!S_ISDIR(st.st_mode)) {
      count += run_file(argv[i]);
      continue;
    }
    DIR *d = opendir(argv[i]);
    struct dirent *e;
    while (d && (e = readdir(d))) {
      if (e->d_name[0] == '.') continue;
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
      count += run_file(path);
    }
    if (d) closedir(d);
  }
  printf("replayed %d inputs\n", count);
  return 0;
}
