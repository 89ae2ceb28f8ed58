package dev.cardroom.client

import dev.cardroom.v1.Action
import dev.cardroom.v1.LeaveMatchRequest
import dev.cardroom.v1.MatchState
import dev.cardroom.v1.MatchUpdate
import dev.cardroom.v1.StartMatchRequest
import dev.cardroom.v1.SubmitActionRequest
import dev.cardroom.v1.SubmitActionResponse
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.onEach

/**
 * One player's seat at a match: its [token] and the last [state] it saw.
 *
 * [act] sends the version of [state] as the expected version by default, so an action decided on an old
 * view fails with [StaleVersion] instead of being applied to a state the player never saw. [state] only
 * moves forward, so a watch and an acting coroutine may share a seat.
 */
class Seat internal constructor(
    val client: CardroomClient,
    val matchName: String,
    val token: String,
    val seat: Int,
    initial: MatchState,
) {
    @Volatile
    var state: MatchState = initial
        private set

    private fun follow(next: MatchState) {
        synchronized(this) { if (next.match.version >= state.match.version) state = next }
    }

    suspend fun refresh(): MatchState = client.getMatch(matchName, token).also(::follow)

    /** Start the match (the creator's seat only). */
    suspend fun start(): MatchState = refusalsTyped {
        client.stub.startMatch(
            StartMatchRequest.newBuilder().setName(matchName).setRequestId(newRequestId()).build(),
            callMetadata(token, matchName),
        )
    }.also(::follow)

    suspend fun leave(): MatchState = refusalsTyped {
        client.stub.leaveMatch(
            LeaveMatchRequest.newBuilder().setName(matchName).setRequestId(newRequestId()).build(),
            callMetadata(token, matchName),
        )
    }.also(::follow)

    /**
     * Submit [action] for this seat, decided on [expectedVersion] (default: the version of [state]). Throws
     * [StaleVersion] when the match has moved on, [CardroomError] otherwise. Re-sending with the same
     * [requestId] applies it once and answers the same.
     */
    suspend fun act(
        action: Action,
        expectedVersion: Int = state.match.version,
        requestId: String = newRequestId(),
    ): SubmitActionResponse {
        val request = SubmitActionRequest.newBuilder()
            .setName(matchName)
            .setAction(action)
            .setExpectedVersion(expectedVersion)
            .setRequestId(requestId)
            .setLegalActionsForm(FLAT)
            .build()
        return refusalsTyped { client.stub.submitAction(request, callMetadata(token, matchName)) }.also { follow(it.state) }
    }

    /**
     * This seat's play session, the main way to play: the updates after [afterVersion] pushed as this seat sees
     * them, and [Session.act] on the same stream; [state] follows the updates collected. By default the first
     * update is that of the version of [state], served afresh, so a collector has a decision to make at once.
     */
    fun play(afterVersion: Int = maxOf(state.match.version - 1, 0)): Session =
        Session(client, matchName, token, afterVersion, state, ::follow)

    /** Updates after [afterVersion] (default: the version of [state]) as this seat sees them; [state] follows them. */
    fun watch(afterVersion: Int = state.match.version): Flow<MatchUpdate> =
        client.watch(matchName, token, afterVersion).onEach { follow(it.state) }
}
