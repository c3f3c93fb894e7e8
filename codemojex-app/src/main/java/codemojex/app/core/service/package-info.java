/**
 * The services that answer the app's read and operator use cases, one per question, each the
 * implementation of one port of {@code codemojex.app.core.port.in}: the lobby, the feed and its
 * series, room openings, a day's results, a game's board, the board's rebuild and checkpoints, and
 * retention. What they fold they fold through one {@link codemojex.app.core.service.ProjectionReads}.
 */
package codemojex.app.core.service;
