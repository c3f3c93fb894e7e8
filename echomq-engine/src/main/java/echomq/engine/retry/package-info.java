/**
 * How every retry loop of the library and the app waits after a failure: {@link
 * echomq.engine.retry.Backoff}, doubling and bounded, whose sleep gives the thread's interrupt back.
 */
package echomq.engine.retry;
