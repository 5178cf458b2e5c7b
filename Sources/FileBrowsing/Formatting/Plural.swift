/// A count with its noun in the right number: `1 file`, `2 files`,
/// `1 directory`, `3 directories`.
public enum Plural {
    public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
    }
}
