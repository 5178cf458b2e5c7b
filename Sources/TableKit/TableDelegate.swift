/// Told what the user did to the table: a row was selected, an accessory was
/// tapped, editing mode began or ended. Every method has an empty default.
public protocol TableDelegate: AnyObject {
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didChangeEditing isEditing: Bool)
}

extension TableDelegate {
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didChangeEditing isEditing: Bool) {}
}
