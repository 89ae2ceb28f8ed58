package dev.cardroom.client

import dev.cardroom.v1.Action
import dev.cardroom.v1.MatchState
import dev.cardroom.v1.MatchUpdate
import dev.cardroom.v1.PlayAction
import dev.cardroom.v1.PlayOpen
import dev.cardroom.v1.PlayOutcome
import dev.cardroom.v1.PlayRequest
import dev.cardroom.v1.PlayResponse
import io.grpc.StatusException
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.buffer
import kotlinx.coroutines.flow.consumeAsFlow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.onEach

/**
 * A realtime play session: the Play RPC (one bidirectional stream) with reconnection, the counterpart of the
 * Python SDK's `Session`.
 *
 * ```
 * val session = seat.play()
 * session.updates.collect { update ->                  // every committed update, pushed as the seat sees it
 *     val action = update.state.legalActionsList.firstOrNull() ?: return@collect
 *     try { session.act(action) } catch (stale: StaleVersion) { /* the next update brings the fresh view */ }
 * }
 * ```
 *
 * Collecting [updates] (once) opens the stream; it completes after the update that ends the match. [act]
 * sends an action on the open stream with a fresh request id and the version of the last update collected as
 * its expected version, and returns the version it produced once the service accepted it (its update has then
 * been received: the service sends an outcome after its update, or in the same message), or throws the typed
 * [CardroomError] it was refused with; the session goes on. Call [act] while [updates] is being collected (from
 * the collector itself, or from another coroutine): the stream's messages are read by a coroutine of their own,
 * so an outcome arrives while the collector waits for it.
 *
 * A dropped stream (a server killed or restarted, a connection cut) is reopened after the last version
 * received: no update is skipped or repeated. Actions sent and not yet answered are sent again with their
 * request id, so the service applies each once and answers it whether it was applied before the drop or not.
 * After [RetryPolicy.watchReconnects] failed reopenings in a row, or on an error that is not a dropped
 * connection, [updates] throws that error.
 */
class Session internal constructor(
    private val client: CardroomClient,
    val matchName: String,
    private val token: String?,
    afterVersion: Int,
    initial: MatchState?,
    private val follow: ((MatchState) -> Unit)?,
) {
    /** The last version received: a reopened stream resumes after it. */
    @Volatile
    var lastVersion: Int = afterVersion
        private set

    /** The state of the last update collected (what the player saw), or the one the session started from. */
    @Volatile
    var state: MatchState? = initial
        private set

    private val lock = Any()

    /** Request id -> (message, answer) of the actions sent and not yet answered, in the order sent. */
    private val pending = LinkedHashMap<String, Pair<PlayRequest, CompletableDeferred<Int>>>()
    private var outgoing: Channel<PlayRequest>? = null
    private var ended: CardroomError? = null

    /** Every update after the opening version until the match ends; collect it once. */
    val updates: Flow<MatchUpdate> = flow {
        try {
            run()
        } finally {
            finish(SessionEnded("the session is over"))
        }
    }.buffer(Channel.UNLIMITED).onEach { update ->
        state = update.state
        follow?.invoke(update.state)
    }

    private suspend fun kotlinx.coroutines.flow.FlowCollector<MatchUpdate>.run() {
        var failures = 0
        while (true) {
            val requests = Channel<PlayRequest>(Channel.UNLIMITED)
            // an accepted action's outcome in its update's message: one message fewer per action
            val open = PlayOpen.newBuilder().setName(matchName).setSeatToken(token.orEmpty()).setAfterVersion(lastVersion)
                .setLegalActionsForm(FLAT).setOutcomesInUpdates(true)
            requests.trySend(PlayRequest.newBuilder().setOpen(open).build())
            synchronized(lock) {
                pending.values.forEach { (request, _) -> requests.trySend(request) } // unanswered: sent again, answered once
                outgoing = requests
            }
            try {
                client.stub.play(requests.consumeAsFlow(), callMetadata(null, matchName)).collect { response ->
                    failures = 0
                    receive(response)?.let { emit(it) }
                    // an accepted action's outcome beside its update: answered once the update is received
                    if (response.hasUpdateOutcome()) answer(response.updateOutcome)
                }
                return
            } catch (error: StatusException) {
                if (error.status.code !in RESUMABLE || failures >= client.retry.watchReconnects) {
                    throw error.toCardroomError().also(::finish)
                }
            } finally {
                synchronized(lock) { outgoing = null }
                requests.close()
            }
            failures += 1
            delay(client.retry.backoffMillis(failures))
        }
    }

    /** The update to emit, if [response] is a new one; an outcome answers its action. */
    private fun receive(response: PlayResponse): MatchUpdate? {
        if (!response.hasUpdate()) {
            answer(response.outcome)
            return null
        }
        val update = response.update
        if (update.version <= lastVersion) return null // resumed after the last received: never a repeat
        lastVersion = update.version
        return update
    }

    private fun answer(outcome: PlayOutcome) {
        val answer = synchronized(lock) { pending.remove(outcome.requestId) }?.second ?: return
        if (outcome.accepted) answer.complete(outcome.version) else answer.completeExceptionally(outcome.error.toCardroomError())
    }

    private fun finish(error: CardroomError) {
        val unanswered = synchronized(lock) {
            if (ended != null) return
            ended = error
            pending.values.map { it.second }.also { pending.clear() }
        }
        unanswered.forEach { it.completeExceptionally(error) }
    }

    /**
     * Apply [action] for this session's seat, decided on [expectedVersion] (default: the version of [state];
     * none while the session has no state): the version it produced. Throws [StaleVersion] when the match has
     * moved on, [CardroomError] for any other refusal (the session goes on), [SessionEnded] once it is over.
     */
    suspend fun act(action: Action, expectedVersion: Int? = state?.match?.version, requestId: String = newRequestId()): Int {
        val message = PlayAction.newBuilder().setAction(action).setRequestId(requestId)
        if (expectedVersion != null) message.setExpectedVersion(expectedVersion)
        val request = PlayRequest.newBuilder().setAction(message).build()
        val answer = CompletableDeferred<Int>()
        synchronized(lock) {
            ended?.let { throw SessionEnded("the session is over") }
            pending[requestId] = request to answer
            outgoing?.trySend(request) // else the next stream sends it after its open
        }
        return answer.await()
    }
}
