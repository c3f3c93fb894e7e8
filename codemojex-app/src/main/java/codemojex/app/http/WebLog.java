package codemojex.app.http;

/** The web adapter's one logger name: every class of it logs as one, under the name it always had (log settings name it). */
final class WebLog {

    /** The logger name of the web adapter. */
    static final String NAME = "codemojex.app.http.HttpApi";

    private WebLog() {
    }
}
