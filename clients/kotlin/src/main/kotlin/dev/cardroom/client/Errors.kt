package dev.cardroom.client

import com.google.protobuf.Any as AnyMessage
import dev.cardroom.client.rpc.ErrorInfo
import dev.cardroom.v1.PlayStatus
import io.grpc.Metadata
import io.grpc.Status
import io.grpc.StatusException

/**
 * A call the service refused: [code] (the gRPC canonical code), [reason] (an ErrorReason name without
 * its prefix, such as `NOT_YOUR_TURN`; empty when the failure did not come from the service, such as a
 * dropped connection) and [metadata] (the ErrorInfo metadata, such as `current_version`).
 */
open class CardroomError(
    val code: Status.Code,
    val reason: String,
    val description: String,
    val metadata: Map<String, String>,
    cause: Throwable? = null,
) : Exception("$code ${reason.ifEmpty { "-" }}: $description", cause)

/** ABORTED / STALE_VERSION: the action was decided on an older version than [currentVersion]. */
class StaleVersion(code: Status.Code, reason: String, description: String, metadata: Map<String, String>, cause: Throwable?) :
    CardroomError(code, reason, description, metadata, cause) {
    val currentVersion: Int get() = metadata.getValue("current_version").toInt()
}

private val STATUS_DETAILS: Metadata.Key<ByteArray> =
    Metadata.Key.of("grpc-status-details-bin", Metadata.BINARY_BYTE_MARSHALLER)
private const val ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo"

/** An action of a play session that is over (the match ended, or the session was closed). */
class SessionEnded(description: String) : CardroomError(Status.Code.CANCELLED, "", description, emptyMap())

/** The typed error of a failed call, read from its rich status (google.rpc.Status in the trailers). */
internal fun StatusException.toCardroomError(): CardroomError {
    val details = trailers?.get(STATUS_DETAILS)?.let { dev.cardroom.client.rpc.Status.parseFrom(it) }?.detailsList.orEmpty()
    return typedError(status.code, status.description.orEmpty(), details, this)
}

/** The typed error of an action a play session refused: its `PlayOutcome.error` (a google.rpc.Status). */
internal fun PlayStatus.toCardroomError(): CardroomError =
    typedError(Status.fromCodeValue(code).code, message, detailsList, null)

private fun typedError(code: Status.Code, description: String, details: List<AnyMessage>, cause: Throwable?): CardroomError {
    val info = details.firstOrNull { it.typeUrl == ERROR_INFO_TYPE }?.let { ErrorInfo.parseFrom(it.value) }
    val reason = info?.reason.orEmpty()
    val metadata = info?.metadataMap.orEmpty()
    return if (code == Status.Code.ABORTED && reason == "STALE_VERSION" && "current_version" in metadata) {
        StaleVersion(code, reason, description, metadata, cause)
    } else {
        CardroomError(code, reason, description, metadata, cause)
    }
}
