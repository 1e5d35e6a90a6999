// libvips (https://www.libvips.org/API/8.14/) for the Photos module. libvips's operations
// take their optional arguments as NULL-terminated C varargs, which Swift cannot call: each
// operation Photos uses gets a fixed-argument inline wrapper here, and nothing else.
#ifndef LOCATE_CVIPS_SHIM_H
#define LOCATE_CVIPS_SHIM_H

#include <vips/vips.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Starts libvips once per process; operation caching off (every upload is new bytes), so
/// no decoded pixels or open buffers stay behind after a photo.
static inline int locate_vips_start(void) {
    if (VIPS_INIT("locate-serve")) return -1;
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    return 0;
}

/// Gives the C heap's free pages back to the system (glibc's `malloc_trim`; elsewhere
/// nothing): a burst of decodes would otherwise leave hundreds of megabytes resident.
static inline void locate_trim_heap(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

/// Loads a JPEG from memory, failing on any decoder warning as well as on errors
/// (`fail_on=warning`: libjpeg only warns when the data ends before the pixels the header
/// claims, "premature end of data segment", and fills the rest with grey). The buffer must
/// outlive the image.
static inline int locate_vips_jpegload(const void *buf, size_t len, VipsImage **out) {
    return vips_jpegload_buffer((void *)buf, len, out, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
}

/// Loads a PNG from memory, failing on truncation and decode errors (not on libpng's
/// warnings, which real photos raise for harmless profile quirks; the chunk layout is
/// checked before, in Swift).
static inline int locate_vips_pngload(const void *buf, size_t len, VipsImage **out) {
    return vips_pngload_buffer((void *)buf, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// Loads a WebP (first frame) from memory, failing on truncation and decode errors.
static inline int locate_vips_webpload(const void *buf, size_t len, VipsImage **out) {
    return vips_webpload_buffer((void *)buf, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// Loads from memory shrunk to fit a `size` x `size` box in one step (shrink-on-load: a
/// large JPEG is decoded at 1/2, 1/4 or 1/8 scale, never whole), upright by its EXIF
/// orientation, in sRGB, failing at the loader's `fail_on` level (`warnings` non-zero: on
/// warnings too, as JPEGs need; else on truncation and decode errors).
static inline int locate_vips_thumbnail_buffer(const void *buf, size_t len, VipsImage **out, int size, int warnings) {
    return vips_thumbnail_buffer((void *)buf, len, out, size, "height", size, "size", VIPS_SIZE_DOWN,
        "option_string", warnings ? "fail_on=warning" : "fail_on=error", NULL);
}

/// A decode's deadline, read by `locate_vips_on_eval`.
typedef struct {
    double seconds;
    int killed;
} locate_vips_deadline;

/// libvips's `preeval` and `eval` progress signals: stop the computation once it has run
/// the deadline.
static inline void locate_vips_on_eval(VipsImage *image, VipsProgress *progress, void *user) {
    locate_vips_deadline *deadline = user;
    if (g_timer_elapsed(progress->start, NULL) >= deadline->seconds) {
        deadline->killed = 1;
        vips_image_set_kill(image, TRUE);
    }
}

/// The whole image computed into memory, or NULL; stopped (NULL, `*killed` set) once the
/// computation has run `seconds`. `preeval` is signalled once before any pixel is computed
/// (so a deadline of 0 always stops it); `eval` as the work proceeds.
static inline VipsImage *locate_vips_copy_memory_within(VipsImage *in, double seconds, int *killed) {
    locate_vips_deadline deadline = {seconds, 0};
    vips_image_set_progress(in, TRUE);
    gulong before = g_signal_connect(in, "preeval", G_CALLBACK(locate_vips_on_eval), &deadline);
    gulong during = g_signal_connect(in, "eval", G_CALLBACK(locate_vips_on_eval), &deadline);
    VipsImage *out = vips_image_copy_memory(in);
    g_signal_handler_disconnect(in, during);
    g_signal_handler_disconnect(in, before);
    *killed = deadline.killed;
    return out;
}

/// Turns the image upright by its EXIF orientation and drops the orientation tag.
static inline int locate_vips_autorot(VipsImage *in, VipsImage **out) {
    return vips_autorot(in, out, NULL);
}

/// Flattens an alpha channel onto white.
static inline int locate_vips_flatten_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int r = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return r;
}

/// Shrinks to fit a `size` x `size` box (never enlarges), converting to sRGB.
static inline int locate_vips_fit(VipsImage *in, VipsImage **out, int size) {
    return vips_thumbnail_image(in, out, size, "height", size, "size", VIPS_SIZE_DOWN, NULL);
}

/// Encodes as baseline JPEG at `quality` with every metadata field stripped (EXIF, XMP,
/// IPTC, ICC, comments). The bytes are freed with g_free.
static inline int locate_vips_jpegsave(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

/// Evens out uneven light (glare, a shadow): subtracts the image's background, the median of
/// 9x9 windows of an eighth-size copy (about 72 px: wider than strokes, so text does not
/// count), smoothed and brought back to full size, and centres the result on mid-grey. The
/// text keeps its polarity; what was washed out by a bright patch gets its contrast back.
static inline int locate_vips_flatten_light(VipsImage *band, VipsImage **out) {
    int w = vips_image_get_width(band), h = vips_image_get_height(band);
    VipsImage *small = NULL, *median = NULL, *smooth = NULL, *background = NULL, *diff = NULL;
    int rc = vips_resize(band, &small, 1.0 / 8, NULL);
    if (!rc) rc = vips_rank(small, &median, 9, 9, 40, NULL);
    if (!rc) rc = vips_gaussblur(median, &smooth, 2.25, NULL);
    if (!rc) rc = vips_resize(smooth, &background, (double)w / vips_image_get_width(smooth), "vscale",
                              (double)h / vips_image_get_height(smooth), NULL);
    if (!rc && (vips_image_get_width(background) != w || vips_image_get_height(background) != h)) {
        VipsImage *fitted = NULL;
        rc = vips_embed(background, &fitted, 0, 0, w, h, "extend", VIPS_EXTEND_COPY, NULL);
        g_object_unref(background);
        background = fitted;
    }
    if (!rc) rc = vips_subtract(band, background, &diff, NULL);
    if (!rc) rc = vips_linear1(diff, out, 1.0, 128.0, "uchar", TRUE, NULL);
    if (small) g_object_unref(small);
    if (median) g_object_unref(median);
    if (smooth) g_object_unref(smooth);
    if (background) g_object_unref(background);
    if (diff) g_object_unref(diff);
    return rc;
}

/// For text recognition: one grey band (alpha dropped), scaled by `scale` (1: as it is),
/// its light evened out when `flatten` is non-zero (`locate_vips_flatten_light`), contrast
/// stretched so that the darkest 2 % are black and the brightest 2 % white.
static inline int locate_vips_sign_grey(VipsImage *in, VipsImage **out, double scale, int flatten) {
    VipsImage *grey = NULL, *band = NULL, *sized = NULL;
    if (vips_colourspace(in, &grey, VIPS_INTERPRETATION_B_W, NULL)) return -1;
    int rc = vips_extract_band(grey, &band, 0, NULL);
    g_object_unref(grey);
    if (rc) return rc;
    // Speckle noise: a 3x3 median when it changes the image by more than 3 grey levels on
    // average (noisy renders change by 6 to 9, clean, blurred, glared or JPEG ones by at
    // most 2). Only then: a median also thins the strokes of clean text. Noise made text
    // recognition unreadable or slow past its limit on every noisy sign of the corpus.
    VipsImage *median = NULL, *diff = NULL, *absolute = NULL;
    double change = 0;
    if (vips_rank(band, &median, 3, 3, 4, NULL)) {
        g_object_unref(band);
        return -1;
    }
    rc = vips_subtract(band, median, &diff, NULL);
    if (!rc) rc = vips_abs(diff, &absolute, NULL);
    if (!rc) rc = vips_avg(absolute, &change, NULL);
    if (diff) g_object_unref(diff);
    if (absolute) g_object_unref(absolute);
    if (rc) {
        g_object_unref(median);
        g_object_unref(band);
        return rc;
    }
    if (change > 3.0) {
        g_object_unref(band);
        band = median;
    } else {
        g_object_unref(median);
    }
    if (scale != 1.0) {
        rc = vips_resize(band, &sized, scale, NULL);
        g_object_unref(band);
        if (rc) return rc;
    } else {
        sized = band;
    }
    if (flatten) {
        VipsImage *even = NULL;
        rc = locate_vips_flatten_light(sized, &even);
        g_object_unref(sized);
        if (rc) return rc;
        sized = even;
    }
    int lo = 0, hi = 255;
    if (vips_percent(sized, 2.0, &lo, NULL) || vips_percent(sized, 98.0, &hi, NULL)) {
        g_object_unref(sized);
        return -1;
    }
    double a = hi > lo ? 255.0 / (double)(hi - lo) : 1.0;
    double b = hi > lo ? -a * (double)lo : 0.0;
    rc = vips_linear1(sized, out, a, b, "uchar", TRUE, NULL);
    g_object_unref(sized);
    return rc;
}

/// The pixels of a one-band 8-bit image, row after row (freed with g_free); NULL on failure.
static inline void *locate_vips_pixels(VipsImage *in, size_t *len) {
    return vips_image_write_to_memory(in, len);
}

/// Test support: a `width` x `height` RGB image of one colour.
static inline int locate_vips_solid(VipsImage **out, int width, int height, double r, double g, double b) {
    VipsImage *black = NULL;
    if (vips_black(&black, width, height, "bands", 3, NULL)) return -1;
    double add[3] = {r, g, b};
    double mul[3] = {1, 1, 1};
    VipsImage *lin = NULL;
    int rc = vips_linear(black, &lin, mul, add, 3, NULL);
    g_object_unref(black);
    if (rc) return rc;
    rc = vips_cast(lin, out, VIPS_FORMAT_UCHAR, NULL);
    g_object_unref(lin);
    return rc;
}

/// Test support: PNG bytes of an image.
static inline int locate_vips_pngsave(VipsImage *in, void **buf, size_t *len) {
    return vips_pngsave_buffer(in, buf, len, NULL);
}

/// Test support: lossless WebP bytes of an image.
static inline int locate_vips_webpsave(VipsImage *in, void **buf, size_t *len) {
    return vips_webpsave_buffer(in, buf, len, "lossless", TRUE, NULL);
}

/// Test support: JPEG bytes of an image, metadata kept.
static inline int locate_vips_jpegsave_keep(VipsImage *in, void **buf, size_t *len) {
    return vips_jpegsave_buffer(in, buf, len, "Q", 90, NULL);
}

/// Loads any format libvips knows from memory (test support: reading outputs back).
static inline VipsImage *locate_vips_load_any(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "", NULL);
}

#endif
