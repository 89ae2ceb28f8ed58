package dev.cardroom.client

import dev.cardroom.client.rpc.ErrorInfo
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

/** The typed error of a failed call, read from its rich status (google.rpc.Status in the trailers). */
internal fun StatusException.toCardroomError(): CardroomError {
    val info = trailers?.get(STATUS_DETAILS)
        ?.let { dev.cardroom.client.rpc.Status.parseFrom(it) }
        ?.detailsList
        ?.firstOrNull { it.typeUrl == ERROR_INFO_TYPE }
        ?.let { ErrorInfo.parseFrom(it.value) }
    val reason = info?.reason.orEmpty()
    val metadata = info?.metadataMap.orEmpty()
    val description = status.description.orEmpty()
    return if (status.code == Status.Code.ABORTED && reason == "STALE_VERSION" && "current_version" in metadata) {
        StaleVersion(status.code, reason, description, metadata, this)
    } else {
        CardroomError(status.code, reason, description, metadata, this)
    }
}
