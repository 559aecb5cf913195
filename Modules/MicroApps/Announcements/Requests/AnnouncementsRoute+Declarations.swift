import StrataContainer
import StrataCrossCutting

/// The Announcements micro-app's actions, each declared once: the `strata://announcements/…`
/// URL it answers, the `strata-host announcements …` command it is, and that command's help.
/// (`announcements post` is no route: it writes through the sync engine, not the micro-app.)
extension AnnouncementsRoute {
    /// list and show, in the order `strata-host announcements --help` lists them.
    static var declarations: [RouteDeclaration] {
        [
            RouteDeclaration(
                "list", family: "announcements", command: "list",
                abstract: "List the announcements in effect now (from ≤ now < until), newest first.",
                examples: [
                    "strata-host announcements", "strata-host announcements list --all",
                    "strata-host announcements --page 2 --page-size 20 --json",
                ],
                parameters: [
                    RouteParameter("all", .flag, help: "Every announcement you may see, not only those in effect now."),
                    RouteParameter(
                        "page", .wholeNumber(1...Int.max, enforced: true), help: "Which page to show, counting from 1.",
                        valueName: "n", defaultValue: "1"),
                    RouteParameter(
                        "pageSize", .wholeNumber(1...1000, enforced: true), help: "How many announcements per page, 1 to 1000.",
                        valueName: "n", defaultValue: "20"),
                ],
                json: "Print a JSON array of announcements."),
            RouteDeclaration(
                "show", family: "announcements", path: "<id>", command: "show", abstract: "Show one announcement in full.",
                examples: ["strata-host announcements show <id>", "strata-host announcements show <id> --json"],
                identifier: RouteDeclaration.Identifier(
                    help: "The announcement's id, as printed by 'announcements' or 'announcements post'.",
                    name: "the announcement id",
                    expected: "an announcement id, as printed by 'announcements' or 'announcements post'"),
                json: "Print the announcement as a JSON object."),
        ]
    }
}
