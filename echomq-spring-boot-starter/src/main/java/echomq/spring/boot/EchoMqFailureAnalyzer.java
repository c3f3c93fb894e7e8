package echomq.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports an {@link EchoMqConfigurationException} as Boot reports a failed start: what is wrong, and what to do. */
class EchoMqFailureAnalyzer extends AbstractFailureAnalyzer<EchoMqConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, EchoMqConfigurationException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
