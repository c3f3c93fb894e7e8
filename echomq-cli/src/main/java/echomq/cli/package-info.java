/**
 * The command line: {@code java -jar echomq-cli.jar COMMAND …} asks windowed questions of any Redis
 * stream without writing Java. {@link echomq.cli.EchoMqCli} is the entry point: it parses the command line
 * (picocli), runs one command of {@link echomq.cli.command} and maps what went wrong to an exit code
 * (2: bad input, refused before Redis is reached; 1: Redis failed). What a command prints is built by
 * {@link echomq.cli.output}.
 */
package echomq.cli;
