// posix_spawn and pipe2 (glibc): Serve runs the sign reader as a child process of its own
// group (ChildProcess). glibc has posix_spawn_file_actions_addclosefrom_np (2.34+) and
// pipe2, but Swift's Glibc module does not show these GNU extensions; they are declared here
// as glibc declares them.
#include <spawn.h>
#include <unistd.h>

int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
int pipe2(int pipefd[2], int flags);
