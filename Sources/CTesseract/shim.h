// tesseract's C API (https://tesseract-ocr.github.io/tessapi/5.x/a02438.html) for the
// SignReading module: only SignReading imports it, only locate-read links it (the locate
// binary never loads tesseract, libvips and their libraries).
#ifndef LOCATE_CTESSERACT_SHIM_H
#define LOCATE_CTESSERACT_SHIM_H

#include <tesseract/capi.h>
#include <time.h>

/// A new engine handle (the C API's constructor, declared without a prototype).
static inline TessBaseAPI *locate_tess_create(void) {
    return TessBaseAPICreate();
}

/// Starts the engine with `languages` (`ces+pol+eng+deu`) from the default data folder,
/// LSTM only, its debug output sent nowhere (the library prints nothing), the page read as
/// one block of text (`PSM_SINGLE_BLOCK`: a sign is one block; the automatic layout analysis
/// split tilted lines in two and lost whole lines of perspective-distorted signs, measured
/// in docs/benchmarks.md); 0 on success.
static inline int locate_tess_start(TessBaseAPI *api, const char *languages) {
    TessBaseAPISetVariable(api, "debug_file", "/dev/null");
    int rc = TessBaseAPIInit2(api, NULL, languages, OEM_LSTM_ONLY);
    if (rc) return rc;
    TessBaseAPISetVariable(api, "debug_file", "/dev/null");
    TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK);
    return 0;
}

/// The processor time a recognition may use, read by `locate_tess_cancel`.
typedef struct {
    double limit;
    double start;
    int stopped;
} locate_tess_budget;

/// The process's processor time in seconds (all threads).
static inline double locate_tess_cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/// tesseract's cancel callback, asked as it recognises words: stop past the budget.
static inline bool locate_tess_cancel(void *user, int words) {
    (void)words;
    locate_tess_budget *budget = user;
    if (locate_tess_cpu() - budget->start > budget->limit) {
        budget->stopped = 1;
        return true;
    }
    return false;
}

/// Recognises the one-byte grey image, stopped once it has used `seconds` of processor time
/// (`*stopped` set; a limit of work that a loaded machine does not shorten); 0 on success.
static inline int locate_tess_recognize(TessBaseAPI *api, const unsigned char *pixels, int width, int height,
                                        double seconds, int *stopped) {
    TessBaseAPISetImage(api, pixels, width, height, 1, width);
    TessBaseAPISetSourceResolution(api, 300);
    ETEXT_DESC *monitor = TessMonitorCreate();
    if (!monitor) return -1;
    locate_tess_budget budget = {seconds, locate_tess_cpu(), 0};
    TessMonitorSetCancelFunc(monitor, locate_tess_cancel);
    TessMonitorSetCancelThis(monitor, &budget);
    int rc = TessBaseAPIRecognize(api, monitor);
    TessMonitorDelete(monitor);
    *stopped = budget.stopped;
    return rc;
}

#endif
