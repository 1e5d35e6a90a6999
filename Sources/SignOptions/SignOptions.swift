public import ArgumentParser

/// The options of `locate hours read` (parsed by `locate` for `--help`, the CLI reference
/// and usage errors, then again by `locate-read`, which reads the photo).
public struct SignOptions: ParsableArguments {
    /// The command's one-line summary.
    public static let abstract = "Suggest opening hours from a photo of a sign (text recognition by tesseract)."

    /// The discussion of `--help`.
    public static let discussion = """
        Reads PHOTO (JPEG, PNG or WebP; at most 10 MiB and 40 megapixels, as uploaded photos), makes it grey \
        with stretched contrast and scales it, finds the text with tesseract in the --lang languages and reads \
        its lines as opening hours, in the words of Czech, Polish, English and German signs. Prints the \
        suggested opening_hours on stdout, and on stderr the confidence, the recognised lines (marked + when \
        used, - when ignored) and what the reading assumed. A photo without readable hours prints why and \
        exits 3; a file that is no image, or a corrupt one, is an error (exit 1). Nothing is written: the \
        suggestion is for a person to check. --json prints hours-sign/1 (readable, suggestion, hours_status, \
        reason, confidence, confident, text, lines, warnings, languages, image_width, image_height) on stdout. \
        Runs locate-read from beside locate (or $LOCATE_READ).
        """

    /// The photo's path.
    @Argument(help: ArgumentHelp("The photo of the sign.", valueName: "PHOTO"))
    public var photo: String

    /// tesseract languages joined by `+`.
    @Option(name: .customLong("lang"), help: ArgumentHelp("tesseract languages joined by '+'.", valueName: "CODES"))
    public var languages = "ces+pol+eng+deu"

    /// Print `hours-sign/1`.
    @Flag(help: "Print the reading as JSON (hours-sign/1).")
    public var json = false

    /// The options ArgumentParser fills in.
    public init() {}
}
