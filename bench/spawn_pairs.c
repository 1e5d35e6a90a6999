// Wall time of two commands started in pairs, one after the other (posix_spawn, waitpid,
// CLOCK_MONOTONIC; stdout and stderr to /dev/null), after 20 pairs of warm-up: the medians,
// the median of the per-pair ratios and the fastest of each. Issue 39's start-up bar compares
// `locate --version` with `/bin/true` this way (bench/startup-pairs.sh).
//   spawn_pairs N CMD1 [ARGS…] -- CMD2 [ARGS…]      (each command an absolute path)
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
extern char **environ;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static double run(char **argv) {
  posix_spawn_file_actions_t fa; posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid; double t0 = now();
  if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0) { perror(argv[0]); exit(2); }
  int st; waitpid(pid, &st, 0); double t = now() - t0;
  posix_spawn_file_actions_destroy(&fa);
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) { fprintf(stderr, "%s failed\n", argv[0]); exit(2); }
  return t;
}
int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: spawn_pairs N CMD1 [ARGS...] -- CMD2 [ARGS...]\n"); return 2; }
  int n = atoi(argv[1]), split = 0;
  if (n < 1 || n > 1000000) { fprintf(stderr, "spawn_pairs: N must be 1 to 1000000\n"); return 2; }
  for (int i = 3; i < argc - 1; i++) if (strcmp(argv[i], "--") == 0) { split = i; break; }
  if (split == 0) { fprintf(stderr, "spawn_pairs: no -- between the two commands\n"); return 2; }
  argv[split] = NULL;
  char **a = argv + 2, **b = argv + split + 1;
  double *ta = malloc(n * sizeof *ta), *tb = malloc(n * sizeof *tb), *r = malloc(n * sizeof *r);
  for (int i = 0; i < 20; i++) { run(a); run(b); }
  for (int i = 0; i < n; i++) { ta[i] = run(a); tb[i] = run(b); r[i] = tb[i] / ta[i]; }
  qsort(ta, n, sizeof *ta, cmp); qsort(tb, n, sizeof *tb, cmp); qsort(r, n, sizeof *r, cmp);
  printf("pairs=%d first_median_ms=%.3f second_median_ms=%.3f ratio_of_medians=%.2f median_pair_ratio=%.2f first_min_ms=%.3f second_min_ms=%.3f\n",
         n, ta[n / 2], tb[n / 2], tb[n / 2] / ta[n / 2], r[n / 2], ta[0], tb[0]);
  return 0;
}
