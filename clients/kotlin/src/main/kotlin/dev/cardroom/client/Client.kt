/**
 * A thin Kotlin SDK over the generated cardroom.v1 coroutine stubs (protobuf-javalite messages and the
 * grpc-okhttp transport, so it runs on Android), the counterpart of the Python SDK.
 *
 * [connect] opens an OkHttp channel (TLS by default); [CardroomClient.createMatch] and [CardroomClient.joinMatch]
 * return a [Seat] (the match name, the seat token and the last state the seat saw), through which the
 * player starts, acts and watches. Every message is the generated one: the SDK adds no model of its own.
 *
 * Retries: unary calls wait for the channel to be ready and gRPC's own retry policy (the channel's
 * service config) re-sends a call that failed with UNAVAILABLE byte for byte, so an action keeps its
 * request id and the service applies it once. A watch that loses its stream reopens it after the last
 * version it emitted. Refusals are thrown as [CardroomError], stale decisions as [StaleVersion].
 *
 * Legal actions: every call of the SDK that answers states (getMatch, watch, play, act) asks for the flat
 * `legal_actions` ([FLAT]); the service's default is the compact `legal_action_sets`, which the lite runtime
 * cannot expand generically (it has no descriptors to set a field by name).
 */
package dev.cardroom.client

import dev.cardroom.v1.CreateMatchRequest
import dev.cardroom.v1.Game
import dev.cardroom.v1.GameOptions
import dev.cardroom.v1.GameServiceGrpcKt.GameServiceCoroutineStub
import dev.cardroom.v1.GetMatchRequest
import dev.cardroom.v1.JoinMatchRequest
import dev.cardroom.v1.LegalActionsForm
import dev.cardroom.v1.ListGamesRequest
import dev.cardroom.v1.ListMatchesRequest
import dev.cardroom.v1.ListMatchesResponse
import dev.cardroom.v1.MatchState
import dev.cardroom.v1.MatchUpdate
import dev.cardroom.v1.WatchMatchRequest
import io.grpc.ChannelCredentials
import io.grpc.InsecureChannelCredentials
import io.grpc.ManagedChannel
import io.grpc.Metadata
import io.grpc.Status
import io.grpc.StatusException
import io.grpc.TlsChannelCredentials
import io.grpc.okhttp.OkHttpChannelBuilder
import java.io.Closeable
import java.io.InputStream
import java.util.UUID
import java.util.concurrent.TimeUnit
import kotlin.math.min
import kotlin.random.Random
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow

private const val SERVICE = "cardroom.v1.GameService"
private val AUTHORIZATION: Metadata.Key<String> = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER)

/**
 * The metadata every call about a match names it in: a proxy in front of several replicas sends all of a match's
 * calls to one replica by it (the service does not read it; its docs/operations.md, "Several replicas behind one
 * proxy").
 */
val MATCH_METADATA: Metadata.Key<String> = Metadata.Key.of("cardroom-match", Metadata.ASCII_STRING_MARSHALLER)

/** The form of legal actions the SDK asks for: every action listed (see the file's comment). */
internal val FLAT = LegalActionsForm.LEGAL_ACTIONS_FORM_FLAT

/** Codes of a stream that dropped (server restart, lost connection) rather than one the service refused. */
internal val RESUMABLE = setOf(Status.Code.UNAVAILABLE, Status.Code.CANCELLED, Status.Code.DEADLINE_EXCEEDED)

/**
 * Bounds of the retries: [attempts] per unary call (gRPC caps it at 5) and [watchReconnects] reconnections
 * in a row per watch, with exponential backoff from [initialBackoffMillis] up to [maxBackoffMillis].
 */
data class RetryPolicy(
    val attempts: Int = 5,
    val initialBackoffMillis: Long = 200,
    val maxBackoffMillis: Long = 3000,
    val multiplier: Double = 2.0,
    val watchReconnects: Int = 8,
) {
    /** The gRPC service config that retries every GameService call on UNAVAILABLE (numbers as doubles, as grpc-java wants). */
    internal fun serviceConfig(): Map<String, Any> = mapOf(
        "methodConfig" to listOf(
            mapOf(
                "name" to listOf(mapOf("service" to SERVICE)),
                "retryPolicy" to mapOf(
                    "maxAttempts" to attempts.toDouble(),
                    "initialBackoff" to "${initialBackoffMillis / 1000.0}s",
                    "maxBackoff" to "${maxBackoffMillis / 1000.0}s",
                    "backoffMultiplier" to multiplier,
                    "retryableStatusCodes" to listOf("UNAVAILABLE"),
                ),
            ),
        ),
    )

    /** Milliseconds before reconnection number [failures] (1-based), jittered so watchers do not all return at once. */
    internal fun backoffMillis(failures: Int): Long {
        var ceiling = initialBackoffMillis.toDouble()
        repeat(failures - 1) { ceiling *= multiplier }
        ceiling = min(ceiling, maxBackoffMillis.toDouble())
        return (ceiling / 2 + Random.nextDouble() * ceiling / 2).toLong()
    }
}

/**
 * A client of the service at [target] (`host:port`) over gRPC's OkHttp transport (the one for Android;
 * it runs on any JVM too). TLS by default, verified against the platform's trusted roots, or only
 * against the PEM certificates of [trustedCertificates] (a private deployment's authority); [tls] false
 * is plaintext, for a server on the same machine or a development network only.
 */
fun connect(
    target: String,
    tls: Boolean = true,
    retry: RetryPolicy = RetryPolicy(),
    trustedCertificates: InputStream? = null,
): CardroomClient {
    require(tls || trustedCertificates == null) { "trustedCertificates is for TLS connections" }
    val credentials: ChannelCredentials = when {
        !tls -> InsecureChannelCredentials.create()
        trustedCertificates != null -> TlsChannelCredentials.newBuilder().trustManager(trustedCertificates).build()
        else -> TlsChannelCredentials.create()
    }
    val channel = OkHttpChannelBuilder.forTarget(target, credentials)
        .defaultServiceConfig(retry.serviceConfig())
        .enableRetry()
        .build()
    return CardroomClient(channel, retry)
}

/** A fresh idempotency key (AIP-155: a UUID). */
fun newRequestId(): String = UUID.randomUUID().toString()

/** The metadata of a call: the bearer [token] if any, and [matchName] if the call is about a match. */
internal fun callMetadata(token: String?, matchName: String? = null): Metadata = Metadata().apply {
    if (token != null) put(AUTHORIZATION, "Bearer $token")
    if (matchName != null && "/matches/" in matchName) put(MATCH_METADATA, matchName)
}

/** Runs one call, turning a refusal into a typed [CardroomError]. */
internal suspend fun <T> refusalsTyped(call: suspend () -> T): T =
    try {
        call()
    } catch (error: StatusException) {
        throw error.toCardroomError()
    }

/** The GameService of one channel; [stub] is the generated stub for anything the SDK does not wrap. */
class CardroomClient(val channel: ManagedChannel, val retry: RetryPolicy = RetryPolicy()) : Closeable {
    val stub: GameServiceCoroutineStub = GameServiceCoroutineStub(channel).withWaitForReady()

    override fun close() {
        channel.shutdown().awaitTermination(5, TimeUnit.SECONDS)
    }

    suspend fun listGames(): List<Game> = refusalsTyped { stub.listGames(ListGamesRequest.getDefaultInstance()).gamesList }

    suspend fun getGame(gameId: String): Game =
        refusalsTyped { stub.getGame(dev.cardroom.v1.GetGameRequest.newBuilder().setName("games/$gameId").build()) }

    /** One page of the game's open tables (matches waiting for players). */
    suspend fun listMatches(gameId: String, pageSize: Int = 0, pageToken: String = ""): ListMatchesResponse = refusalsTyped {
        stub.listMatches(
            ListMatchesRequest.newBuilder().setParent("games/$gameId").setPageSize(pageSize).setPageToken(pageToken).build(),
        )
    }

    /** Create a table and sit at it as its creator. [seed] is accepted only by a server run with --allow-fixed-decks. */
    suspend fun createMatch(
        gameId: String,
        seatCount: Int,
        playerName: String = "",
        options: GameOptions? = null,
        seed: Long? = null,
    ): Seat {
        val request = CreateMatchRequest.newBuilder()
            .setParent("games/$gameId")
            .setSeatCount(seatCount)
            .setPlayerName(playerName)
            .setRequestId(newRequestId())
        if (options != null) request.setOptions(options)
        if (seed != null) request.setSeed(seed.toString())
        val response = refusalsTyped { stub.createMatch(request.build()) }
        return Seat(this, response.state.match.name, response.seatToken, response.state.yourSeat, response.state)
    }

    /** Take a free seat (the lowest one unless [seat] is given) of a waiting match. */
    suspend fun joinMatch(matchName: String, playerName: String = "", seat: Int? = null): Seat {
        val request = JoinMatchRequest.newBuilder().setName(matchName).setPlayerName(playerName).setRequestId(newRequestId())
        if (seat != null) request.setSeat(seat)
        val response = refusalsTyped { stub.joinMatch(request.build(), callMetadata(null, matchName)) }
        return Seat(this, matchName, response.seatToken, response.seat, response.state)
    }

    /** The match as the token's seat sees it, or as a spectator without a token. */
    suspend fun getMatch(matchName: String, token: String? = null): MatchState =
        refusalsTyped {
            val request = GetMatchRequest.newBuilder().setName(matchName).setLegalActionsForm(FLAT).build()
            stub.getMatch(request, callMetadata(token, matchName))
        }

    /**
     * A play session (the Play stream) of the [token]'s seat, or of a spectator without a token: every update
     * after [afterVersion] pushed, and [Session.act] on the same stream; it reconnects by itself.
     */
    fun play(matchName: String, token: String? = null, afterVersion: Int = 0): Session =
        Session(this, matchName, token, afterVersion, null, null)

    /**
     * Every update after [afterVersion] until the match ends. A dropped stream is reopened after the last
     * version emitted (up to [RetryPolicy.watchReconnects] times in a row), so no version is skipped or
     * repeated. The service ends a stream itself only once the match is over, so a stream that ends
     * cleanly ends the flow.
     */
    fun watch(matchName: String, token: String? = null, afterVersion: Int = 0): Flow<MatchUpdate> = flow {
        var last = afterVersion
        var failures = 0
        while (true) {
            val request = WatchMatchRequest.newBuilder().setName(matchName).setAfterVersion(last).setLegalActionsForm(FLAT).build()
            try {
                stub.watchMatch(request, callMetadata(token, matchName)).collect { update ->
                    failures = 0
                    last = update.version
                    emit(update)
                }
                return@flow
            } catch (error: StatusException) {
                if (error.status.code !in RESUMABLE || failures >= retry.watchReconnects) throw error.toCardroomError()
            }
            failures += 1
            delay(retry.backoffMillis(failures))
        }
    }
}
