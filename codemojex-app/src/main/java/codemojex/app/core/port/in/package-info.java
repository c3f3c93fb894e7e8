/**
 * The app's use cases as the adapters ask them (buckpal's {@code port.in}): one interface per
 * question, each answered by one service of {@code codemojex.app.core.service}. The HTTP routes and
 * the CLI commands see these, never the services; {@code Codemojex} wires one to the other.
 */
package codemojex.app.core.port.in;
