// tesseract's C API (https://tesseract-ocr.github.io/tessapi/5.x/a02438.html) for the
// SignReading module: only SignReading imports it, only locate-read links it (the locate
// binary never loads tesseract, libvips and their libraries).
#ifndef LOCATE_CTESSERACT_SHIM_H
#define LOCATE_CTESSERACT_SHIM_H

#include <tesseract/capi.h>

/// A new engine handle (the C API's constructor, declared without a prototype).
static inline TessBaseAPI *locate_tess_create(void) {
    return TessBaseAPICreate();
}

/// Starts the engine with `languages` (`ces+pol+eng+deu`) from the default data folder,
/// LSTM only, its debug output sent nowhere (the library prints nothing); 0 on success.
static inline int locate_tess_start(TessBaseAPI *api, const char *languages) {
    TessBaseAPISetVariable(api, "debug_file", "/dev/null");
    int rc = TessBaseAPIInit2(api, NULL, languages, OEM_LSTM_ONLY);
    if (rc) return rc;
    TessBaseAPISetVariable(api, "debug_file", "/dev/null");
    TessBaseAPISetPageSegMode(api, PSM_AUTO);
    return 0;
}

/// Recognises the one-byte grey image, stopped after `milliseconds`; 0 on success.
static inline int locate_tess_recognize(TessBaseAPI *api, const unsigned char *pixels, int width, int height,
                                        int milliseconds) {
    TessBaseAPISetImage(api, pixels, width, height, 1, width);
    TessBaseAPISetSourceResolution(api, 300);
    ETEXT_DESC *monitor = TessMonitorCreate();
    if (!monitor) return -1;
    TessMonitorSetDeadlineMSecs(monitor, milliseconds);
    int rc = TessBaseAPIRecognize(api, monitor);
    TessMonitorDelete(monitor);
    return rc;
}

#endif
