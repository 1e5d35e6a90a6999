// zlib (zlib1g-dev): inflates the zlib_data blobs of OpenStreetMap PBF files (OSMPBF).
#include <zlib.h>
